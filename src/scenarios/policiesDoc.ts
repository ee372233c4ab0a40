import { CLAUDE_CODE_STEPS } from './import/claude-code/claudePreset';
import { SESSION_FORMATS } from './import/sessionFormats';
import { POLICIES, POLICY_NAMES, type PolicyPreset, type SchedulingSettings } from './policies';

/** Where the presets' documentation lives; `policiesDoc.test.ts` fails when it is stale. */
export const POLICIES_DOC_PATH = 'docs/policies.md';

const STRATEGY: Record<PolicyPreset['strategy'], string> = {
  streaming: 'each call starts as its block closes, while the stream goes on',
  batched: 'after the stream, batch by batch of the partition',
  serial: 'after the stream, one call at a time',
  parallel: 'after the stream, every call at once',
};

const CASCADE: Record<SchedulingSettings['cascade'], string> = {
  bash: 'a failed Bash call cancels its siblings',
  any: 'any failed call cancels its siblings',
  'every-error': 'every error result (a validation failure too) cancels its siblings',
  'every-error-but-read-only': 'every error of a call that is not read-only cancels its siblings',
  'every-error-unless-all-edits': 'every error result cancels its siblings, unless every call of the turn edits a file',
  'any-bash-error': 'an error result of a Bash call cancels its siblings',
  'any-bash-error-but-read-only': 'an error result of a Bash call that is not read-only cancels its siblings',
  none: 'nothing is cancelled',
};

const BASH_TOGETHER: Record<SchedulingSettings['bashConcurrency'], string> = { never: '', 'read-only': ' (read-only Bash too)', always: ' (every shell command too)' };

const CONCURRENT: Record<SchedulingSettings['concurrentTools'], string> = {
  declared: 'as each tool declares',
  'all-but-edits': 'every call but file edits',
  all: 'every call',
};

/** The presets as a Markdown page, made from the data the engine runs. */
export function policiesMarkdown(): string {
  const lines = [
    '# Policy presets',
    '',
    '<!-- Made by `npm run docs:policies` from src/scenarios/policies.ts; a test fails when it is stale. -->',
    '',
    'A scenario names a preset in `settings.policy` (or `npm run replay -- S --policy NAME`, or the',
    'selector in the page\'s Settings tab). Any scheduling setting the scenario also gives',
    '(`maxConcurrency`, `resultOrder`, `cascade`, `bashConcurrency`, `concurrentTools`) overrides the',
    'preset\'s. `npm run replay -- S --compare all` runs one scenario under every preset.',
    '',
    '| preset | agent | version | starts | runs together | cap | result order | cancels |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const name of POLICY_NAMES) {
    const { agent, version, strategy, settings } = POLICIES[name];
    const together = settings.concurrentTools === 'declared' ? `${CONCURRENT.declared}${BASH_TOGETHER[settings.bashConcurrency]}` : CONCURRENT[settings.concurrentTools];
    const cap = settings.maxConcurrency === 'none' ? 'none' : String(settings.maxConcurrency);
    lines.push(`| \`${name}\` | ${agent} | ${version} | ${STRATEGY[strategy]} | ${together} | ${cap} | ${settings.resultOrder} | ${CASCADE[settings.cascade]} |`);
  }
  lines.push('', '## What each rests on', '');
  for (const name of POLICY_NAMES) {
    const { summary, source } = POLICIES[name];
    lines.push(`- **\`${name}\`**: ${summary} *Source:* ${source}`);
  }
  lines.push('', ...pickingMarkdown(), '', WITNESSES, '', MEASURED);
  return `${lines.join('\n')}\n`;
}

/** How a session log picks its preset: each format's rule, and Claude Code's steps by version. */
function pickingMarkdown(): string[] {
  const lines = [
    '## How a session picks its preset',
    '',
    'An imported session replays under the preset of the agent and version that wrote it; a version between two known',
    'steps takes the last rules known before it. Where a version could run its tools two ways, the log says which.',
    '',
    '| agent | its files | preset |',
    '| --- | --- | --- |',
  ];
  const rules: Record<string, string> = {
    'claude-code': 'by its version (below); 2.0.59 to 2.1.153 under `claude-code-2.0` where its lines show it ran without streaming execution: no result of a response written before that response\'s last block',
    codex: '`codex`',
    'gemini-cli': '`gemini-cli`',
    'copilot-cli': '`copilot-cli`',
    opencode: '`opencode`',
    cline: '`cline`',
    pi: '`pi`, or `pi-sequential` where one message\'s results were written more than 50 ms apart (in parallel mode they are made together, once the slowest call ends)',
    aider: 'none: refused, it holds no tool calls',
  };
  for (const format of SESSION_FORMATS) lines.push(`| ${format.name} | ${format.where} | ${rules[format.id] ?? ''} |`);
  lines.push('', 'Claude Code\'s steps (each read from the published package of that version, bisected):', '', '| from version | preset |', '| --- | --- |');
  for (const step of CLAUDE_CODE_STEPS) lines.push(`| ${step.from === '0' ? '1.0' : step.from} | \`${step.preset}\` |`);
  return lines;
}

/** What a log witnesses of when its calls ran, and what the importer makes of it. */
const WITNESSES = `## What a log witnesses

A call's start is when the agent's scheduler let it go. Where the log says it (Copilot CLI's
\`tool.execution_start\`, an OpenCode tool part's \`time.start\`, a Claude Code PreToolUse hook's first
line, which comes as the call starts), that stands (\`startWitness: log\`). Elsewhere the agent's own
start rule, the engine's, is run over the response with the real end of every call: a call starts
once its block has closed (or the response has streamed, for an agent that waits) and the calls in its
way have really ended (\`rules\`). A call that ended before those rules would start it ran sooner than
they allow: it is taken to start once ready, and counted (\`inconsistent\`, "ran sooner" in the audit).

What follows inside a call before its tool runs is the call's own time, and the replay keeps it:
Claude Code's Bash progress says how many whole seconds its command has run (exactly two seconds in for
the first line up to 2.1.44, polled to the second from 2.1.45), an MCP call's \`started\` progress and a
sub-agent's first message when the tool began; where that is clearly later than the start, the call
waited, for its PreToolUse hooks or a person's answer to a permission prompt (a prompt where no hook
ran). Codex records a call's output in call order and writes no start: its \`Wall time\` after the spawn
lag measured in the same log is how long it ran, its output line only the latest it ended. An OpenCode
part's id says when it was made, which bounds a text ended with the stream and a start moved by
progress reports. Gemini CLI writes a response's calls at once, with one time.`;

/**
 * The presets held to real runs: what `npm run replay -- LOG --format fidelity` printed for the
 * real logs the project keeps as samples (`src/run/sampleFidelity.test.ts` checks those in test/).
 */
const MEASURED = `## Measured against real runs

Twenty-nine real logs (Claude Code 1.0.98 to 2.1.217, Codex CLI 0.125 to 0.145, Copilot CLI 1.0.64,
Gemini CLI), each replayed with recorded effects under its own preset (\`npm run replay -- LOG --format
fidelity\`, or all at once: \`npm run replay -- FOLDER\`, whose report has a line per agent version):
every call ends as it really did (3,985 of 3,985), and 3,966 of 3,966 calls with a start start within
50 ms of it. Of those starts, 262 are the log's own and 3,704 the agent's rules over the log's ends: a
check that the rules, the durations and the replay agree with what the log shows, not a second witness.
The logs: the eleven kept in \`test/\` (\`test/transcripts/\`, \`test/codex/\`, \`test/copilot/\`,
\`test/gemini/\`) and eighteen more the replay used to miss (84.2% of their starts), from
EntityProcess/agentv, codemie-ai/codemie-code, entireio/cli and entireio/entire-graph; \`test/rules/\`
keeps the lines each rule rests on.

What were misses, and why:

- **Bash progress taken for a start.** Claude Code writes a Bash call's first progress line two or
  three seconds into its command; the importer had taken it for the call's start (every such call
  then replayed seconds early).
- **The streaming gate.** From 2.0.59 to 2.1.153 Claude Code's streaming executor sat behind a feature
  gate; sessions of 2.0.64 to 2.1.14 here ran without it (their tools after the response, batch by
  batch, nothing cancelled). Under a streaming preset their Task calls replayed one after another and
  their siblings were cancelled.
- **A queued call's start.** A call the agent held behind an unsafe one had been taken to start as its
  block closed, so its recorded duration held its wait; it now starts when that call ended.
- **Codex's lock.** Codex runs shell commands under a shared lock; the preset ran them one at a time.
- **PostToolUse hooks.** In \`spotter-fa812bfe\` and \`spotter-8463c716\` (2.1.39) a call's PostToolUse
  hooks ran on for up to 5.5 s after its result's stamp; the next call's PreToolUse hook line, right
  after the result is written, is the witness of its end.
- **Read-only commands.** Claude Code counts a command with a glob as not read-only, and strips
  \`2>/dev/null\` before its check.`;
