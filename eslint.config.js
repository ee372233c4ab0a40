import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'dist-cli', 'node_modules', 'playwright-report', 'test-results', 'out', '.tmp-*'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The engine is framework-free (docs/design.md, Layers): no React, no DOM globals, no child_process.
    files: ['src/tools/**', 'src/model/**', 'src/scenarios/**', 'src/run/**', 'src/time/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['react', 'react-dom', 'zustand', '**/ui/**', 'node:*', 'just-bash', '@webcontainer/*'] },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'sessionStorage'],
    },
  },
  {
    // Engine tests run in Node and may use it (a loopback server, temp folders); still no UI.
    files: ['src/{tools,model,scenarios,run,time}/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['react', 'react-dom', 'zustand', '**/ui/**', 'just-bash', '@webcontainer/*'] }],
    },
  },
  {
    // The sandbox's adapters may use Node, just-bash and WebContainer (they are what wraps them), never the page.
    files: ['src/sandbox/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['react', 'react-dom', 'zustand', '**/ui/**'] }],
    },
  },
  {
    // Live mode runs in the page and in Node alike: the Messages API through the SDK, nothing of Node or the page.
    files: ['src/live/**'],
    ignores: ['src/live/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['react', 'react-dom', 'zustand', '**/ui/**', 'node:*', 'just-bash', '@webcontainer/*'] }],
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'sessionStorage'],
    },
  },
  {
    // The command line is Node's: never the page.
    files: ['src/cli/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['react', 'react-dom', 'zustand', '**/ui/**'] }],
    },
  },
  { files: ['**/*.js'], extends: [tseslint.configs.disableTypeChecked] },
  {
    // CommonJS: the bin (bin/package.json) and what it loads, started without Node's ES module loader.
    files: ['bin/**/*.js', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
