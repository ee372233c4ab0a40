/**
 * Grep's `type` filter: a few common file types, by extension or exact file name, after
 * ripgrep's `--type` list (which is far longer; these cover what a playground workspace holds).
 */
const FILE_TYPES: Readonly<Record<string, readonly string[]>> = {
  c: ['.c', '.h'],
  cpp: ['.cc', '.cpp', '.cxx', '.hh', '.hpp', '.hxx', '.h'],
  css: ['.css', '.scss', '.sass', '.less'],
  go: ['.go'],
  html: ['.html', '.htm'],
  java: ['.java'],
  js: ['.js', '.jsx', '.mjs', '.cjs'],
  json: ['.json', '.jsonc'],
  md: ['.md', '.markdown', '.mdx'],
  py: ['.py', '.pyi'],
  rust: ['.rs'],
  sh: ['.sh', '.bash', '.zsh'],
  sql: ['.sql'],
  toml: ['.toml'],
  ts: ['.ts', '.tsx', '.mts', '.cts'],
  txt: ['.txt'],
  xml: ['.xml'],
  yaml: ['.yaml', '.yml'],
  make: ['Makefile', 'makefile', 'GNUmakefile', '.mk'],
  docker: ['Dockerfile', '.dockerfile'],
};
const ALIASES: Readonly<Record<string, string>> = { javascript: 'js', typescript: 'ts', python: 'py', rs: 'rust', markdown: 'md', yml: 'yaml' };

/** The names `type` accepts. */
export function knownFileTypes(): string[] {
  return Object.keys(FILE_TYPES).sort();
}

/** A test for file names of `type`, or `undefined` when the type is unknown. */
export function fileTypeMatcher(type: string): ((fileName: string) => boolean) | undefined {
  const key = Object.hasOwn(ALIASES, type) ? ALIASES[type]! : type;
  if (!Object.hasOwn(FILE_TYPES, key)) return undefined;
  const patterns = FILE_TYPES[key]!;
  const extensions = patterns.filter((pattern) => pattern.startsWith('.'));
  const names = new Set(patterns.filter((pattern) => !pattern.startsWith('.')));
  return (fileName) => names.has(fileName) || extensions.some((extension) => fileName.endsWith(extension));
}
