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
  'every-error-unless-all-edits': 'every error result cancels its siblings, unless every call of the turn is a Write or an Edit',
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
  lines.push('', MEASURED);
  return `${lines.join('\n')}\n`;
}

/**
 * The presets held to real runs: what `npm run replay -- LOG --format fidelity` printed for the
 * real logs the repository keeps (`src/run/sampleFidelity.test.ts` checks the same on every run).
 */
const MEASURED = `## Measured against real runs

Each real log in \`test/\` replayed with recorded effects under the preset of the agent that wrote it
(\`npm run replay -- LOG --format fidelity\`): every call ends as it really did (966 of 966, the
123 calls a Codex code-mode \`exec\`'s code made among them, nested under their exec), and 953 of 957
calls with a known start (99.6%) start within 50 ms of their real start, counted from their
response's first block. What the misses are, and what were misses:

- **PostToolUse hooks.** In \`spotter-fa812bfe\` and \`spotter-8463c716\` (Claude Code 2.1.39) seven
  calls (four Edits, three Bash) started 77 ms to 5.5 s after the call queued before them had its
  result: that call's PostToolUse hooks (the project's post-edit checks: 4.6 to 5.5 s after an Edit,
  77 to 227 ms after a Bash call) ran on before it counted as done. The log stamps the result when the tool returns and marks when the hooks began, not when
  they ended; but the result line is written only once they end (after lines stamped seconds
  later), and the queued call's PreToolUse hook is the very next line. The importer takes that
  start as the hooked call's end (partly by construction, then: the log has no other witness of
  it). They were taken for a person answering a permission prompt until the lines showed otherwise:
  the session ran with \`bypassPermissions\`, a PreToolUse hook runs before any prompt, not after
  one, and the first call of each response never waited.
- **Hooks.** Where a PreToolUse hook ran first, the call's real start is the hook's (a few hundred
  ms after its block closed in \`spotter-8463c716\`); a PostToolUse hook's progress was taken for a
  start until it was found to come after the result.
- **Claude Code 2.1.217** replays under \`claude-code-2.1.161\`, the latest preset: 121 of 123 starts
  within 50 ms, so the 2.1.1xx–2.1.2xx scheduling holds as measured; no preset of its own is needed
  yet.
- **Codex CLI, Gemini CLI, Copilot CLI**: every start within 50 ms, partly by construction: Codex
  and Gemini logs give no start of their own (a Codex call starts as its item closes; Gemini records
  a response's calls at once), so only Copilot's \`tool.execution_start\` events test the preset
  against a start the agent wrote itself (68 of 68).`;
