import type { EnvFinding, FoundCommand } from './types';

/** Environment variables that make a program load, run or read something else, and why. */
const DANGEROUS: { pattern: RegExp; why: string }[] = [
  { pattern: /^GIT_(CONFIG.*|EXTERNAL_DIFF|SSH|SSH_COMMAND|PAGER|EDITOR|SEQUENCE_EDITOR|ASKPASS|EXEC_PATH|DIR|WORK_TREE|COMMON_DIR|TEMPLATE_DIR|PROXY_COMMAND|TRACE.*|INDEX_FILE|OBJECT_DIRECTORY|ALTERNATE_OBJECT_DIRECTORIES|NAMESPACE|CEILING_DIRECTORIES|ALLOW_PROTOCOL|PROTOCOL_FROM_USER)$/, why: 'git reads settings, programs or a repository from it' },
  { pattern: /^GIT_/, why: 'git reads it; the analysis knows only a few git variables to be harmless' },
  { pattern: /^(NODE_OPTIONS|NODE_PATH|NODE_REPL_EXTERNAL_MODULE)$/, why: 'node loads the code it names before the program' },
  { pattern: /^(npm_config_|NPM_CONFIG_|YARN_|PNPM_|BUN_)/i, why: 'package managers take settings from it, such as the shell their scripts run in' },
  { pattern: /^(LD_|DYLD_|GCONV_PATH$)/, why: 'the loader runs the libraries it names inside every program' },
  { pattern: /^(BASH_ENV|ENV|SHELLOPTS|BASHOPTS|PS4|PROMPT_COMMAND|BASH_FUNC_.*|IFS|CDPATH)$/, why: 'bash runs it, or reads commands and words differently because of it' },
  { pattern: /^PATH$/, why: 'it changes which program a command name runs' },
  { pattern: /^(HOME|XDG_CONFIG_HOME|XDG_CONFIG_DIRS|CURL_HOME|WGETRC|OPENSSL_CONF|INPUTRC)$/, why: 'programs read configuration from it, and configuration can run programs' },
  { pattern: /^(PAGER|MANPAGER|EDITOR|VISUAL|SUDO_EDITOR|BROWSER|SHELL|TERMINAL|LESSOPEN|LESSCLOSE|LESSKEY|SSH_ASKPASS|SUDO_ASKPASS|DIFF|DIFFTOOL)$/, why: 'programs run the command it names' },
  { pattern: /^(PYTHONPATH|PYTHONSTARTUP|PYTHONHOME|PYTHONUSERBASE|PERL5OPT|PERL5LIB|PERLLIB|RUBYOPT|RUBYLIB|JAVA_TOOL_OPTIONS|_JAVA_OPTIONS|JDK_JAVA_OPTIONS|CLASSPATH|DOTNET_STARTUP_HOOKS)$/, why: 'the interpreter loads the code it names' },
  { pattern: /^(MAKEFLAGS|MAKEFILES|CC|CXX|CPP|LD|AR|RUSTC|RUSTC_WRAPPER|CARGO_BUILD_RUSTC_WRAPPER|TAR_OPTIONS|GZIP|ZIPOPT|UNZIP)$/, why: 'build and archive tools run the program or options it names' },
];
/** git variables that only label or quiet what git does. */
const HARMLESS_GIT = /^GIT_(AUTHOR|COMMITTER)_(NAME|EMAIL|DATE)$|^GIT_(TERMINAL_PROMPT|OPTIONAL_LOCKS|MERGE_AUTOEDIT|FLUSH|QUIET|PROGRESS_DELAY|DEFAULT_HASH|LITERAL_PATHSPECS|NO_REPLACE_OBJECTS)$/;

const EXPORTING = new Set(['export', 'declare', 'typeset', 'local', 'readonly']);

/** Why setting `name` changes what a program runs, or `undefined` when it does not. */
export function whyDangerous(name: string): string | undefined {
  const base = name.replace(/\[.*$/s, '');
  if (HARMLESS_GIT.test(base)) return undefined;
  return DANGEROUS.find((entry) => entry.pattern.test(base))?.why;
}

/**
 * The environment assignments on the line that change what a program runs: prefixes
 * (`NODE_OPTIONS=… npm test`), plain assignments (`PATH=.; ls`, which bash passes on for variables
 * already exported), `env NAME=… cmd` and `export NAME=…`.
 */
export function dangerousAssignments(commands: readonly FoundCommand[]): EnvFinding[] {
  const findings: EnvFinding[] = [];
  for (const command of commands) {
    const assigned = [...command.assignments];
    const name = command.argv[0]?.text;
    if (name && EXPORTING.has(name)) {
      for (const word of command.argv.slice(1)) {
        if (word.text === null || word.text.startsWith('-')) continue;
        const eq = word.text.indexOf('=');
        assigned.push({ name: eq < 0 ? word.text : word.text.slice(0, eq), value: eq < 0 ? null : word.text.slice(eq + 1) });
      }
    }
    for (const assignment of assigned) {
      const why = whyDangerous(assignment.name);
      if (why) findings.push({ command: command.index, name: assignment.name, value: assignment.value, why });
    }
  }
  return findings;
}
