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
  none: 'nothing is cancelled',
};

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
    const together = settings.concurrentTools === 'declared' ? `${CONCURRENT.declared}${settings.bashConcurrency === 'read-only' ? ' (read-only Bash too)' : ''}` : CONCURRENT[settings.concurrentTools];
    const cap = settings.maxConcurrency === 'none' ? 'none' : String(settings.maxConcurrency);
    lines.push(`| \`${name}\` | ${agent} | ${version} | ${STRATEGY[strategy]} | ${together} | ${cap} | ${settings.resultOrder} | ${CASCADE[settings.cascade]} |`);
  }
  lines.push('', '## What each rests on', '');
  for (const name of POLICY_NAMES) {
    const { summary, source } = POLICIES[name];
    lines.push(`- **\`${name}\`**: ${summary} *Source:* ${source}`);
  }
  return `${lines.join('\n')}\n`;
}
