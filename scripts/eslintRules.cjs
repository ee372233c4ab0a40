/**
 * Two of ESLint's own rules, as a plugin for oxlint's jsPlugins (.oxlintrc.json): `no-dupe-args` and
 * `no-octal`, in @eslint/js's recommended set, for which oxlint has no rule. In an ES module (every
 * file here but the CommonJS ones) its parser rejects both as syntax errors; in a CommonJS file, not
 * in strict mode, only these rules catch them.
 */
const { builtinRules } = require('eslint/use-at-your-own-risk');

module.exports = {
  meta: { name: 'eslint-js' },
  rules: {
    'no-dupe-args': builtinRules.get('no-dupe-args'),
    'no-octal': builtinRules.get('no-octal'),
  },
};
