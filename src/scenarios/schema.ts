import * as z from 'zod';
import { mcpServersSchema } from '../tools/mcp/settings';
import { checkFilesAndFolders, checkToolUseId, checkScenario, checkTurn, checkWorkspacePath } from './checks';
import { BASH_CONCURRENCY, CASCADES, CONCURRENT_TOOLS, POLICIES, POLICY_NAMES, type SchedulingSettings } from './policies';

/**
 * The scenario format, version 1 (design.md, Scenarios), as one Zod schema. Every object is strict: a field the
 * format does not know is an error, so a typo never silently turns into a default. The same schema
 * validates scenarios at run time and, through `z.toJSONSchema`, feeds the editor's validation and
 * completion (`public/scenario.schema.json`), which is why every field carries a description.
 */

/** The latest time a scenario may name: about 11.6 days, so sums of times stay exact and finite. */
export const MAX_SCENARIO_MS = 1_000_000_000;
/**
 * `1,000,000,000`, grouped by hand: the first `toLocaleString` of a process sets up ICU's number
 * formatting, a tenth of the command line's start-up, and every schema built here wrote it.
 */
const MAX_TEXT = String(MAX_SCENARIO_MS).replace(/\B(?=(\d{3})+$)/g, ',');
const millis = (what: string) =>
  z
    .number()
    .min(0)
    .max(MAX_SCENARIO_MS, { error: `a time is at most ${MAX_TEXT} ms (about 11.6 days)` })
    .describe(what);

/** What a tool call ended as; the same values as the run record's `CallOutcome`. */
export const callOutcomeSchema = z
  .enum(['success', 'error', 'invalid', 'denied', 'cancelled', 'interrupted', 'discarded'])
  .describe(
    'success: the tool ran and returned; error: it ran and failed; invalid: the tool is unknown or its input failed the schema or validateInput; ' +
      'denied: a permission rule, mode or answer refused it; cancelled: a failing sibling cancelled it (a Bash call, under the default cascade); interrupted: the user pressed Stop; ' +
      'discarded: a streaming fallback dropped it',
  );

/** A workspace path: relative to the workspace root, `/`-separated, no `.` or `..` segments. */
const workspacePath = z.string().superRefine(checkWorkspacePath);
const filesRecord = (what: string) => z.record(workspacePath, z.string()).superRefine(checkFilesAndFolders).describe(what);

const textBlockSchema = z
  .strictObject({
    type: z.literal('text').describe('A text block: prose the model streams.'),
    text: z.string().describe('The text, streamed in a few chunks over the block’s duration.'),
    at: millis('When the block starts streaming, in ms from the turn’s start.'),
    durationMs: millis('How long the block streams; it closes at `at + durationMs`.'),
  })
  .describe('A text block of the model’s response.');

const toolUseBlockSchema = z
  .strictObject({
    type: z.literal('tool_use').describe('A tool_use block: the model asks for a tool call.'),
    id: z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/, { error: 'a tool_use id is letters, digits, "_" and "-", e.g. "toolu_read_a"' })
      .superRefine(checkToolUseId)
      .describe('The tool_use id, unique across the scenario (sub-agents included), e.g. "toolu_1".'),
    name: z.string().min(1).describe('The tool to call, e.g. "Read" or "Bash"; an unknown name is a lesson, not an error.'),
    input: z
      .union([z.record(z.string(), z.unknown()), z.string()])
      .describe('The tool input: an object, or a raw JSON string streamed as is (possibly broken, to show input errors).'),
    at: millis('When the block starts streaming, in ms from the turn’s start.'),
    durationMs: millis('How long the input streams; the call reaches the executor when the block closes, at `at + durationMs`.'),
    latencyMs: millis('Simulated extra latency before the tool really runs, shown as such in the timeline.').default(0),
  })
  .describe('A tool_use block of the model’s response.');

/** One content block of a scripted response: text or a tool call. */
export const streamBlockSchema = z
  .discriminatedUnion('type', [textBlockSchema, toolUseBlockSchema])
  .describe('A content block: `text` or `tool_use`.');

const idList = z.array(z.string());

/** What a turn's run must show; checked against the run record after the run. */
export const turnExpectSchema = z
  .strictObject({
    batches: z.array(idList).describe('The expected batches, each a list of tool_use ids, in order.'),
    outcomes: z.record(z.string(), callOutcomeSchema).describe('The expected outcome of each named call.'),
    resultIncludes: z.record(z.string(), z.string()).describe('Text each named call’s tool_result must contain.'),
    yieldOrder: idList.describe('The order in which results must be yielded.'),
  })
  .partial()
  .describe('Expectations on this turn, checked after the run.');

const turnShape = z
  .strictObject({
    stream: z.array(streamBlockSchema).describe('The response’s content blocks with their timing.'),
    fallbackAt: millis('Optional: the stream fails at this time (streaming fallback); its calls are discarded and the next turn is the retry.').optional(),
    interruptAt: millis('Optional: the user presses Stop at this time.').optional(),
    expect: turnExpectSchema.optional(),
  })
  .describe('One scripted model response.');

/** One scripted model response. */
export const turnSchema = turnShape.superRefine(checkTurn);

const answerSchema = z.enum(['allow', 'deny']);

/** The run's settings; every field is optional and has a default. */
export const settingsSchema = z
  .strictObject({
    permissionMode: z
      .enum(['default', 'acceptEdits', 'bypassPermissions', 'plan'])
      .default('default')
      .describe('default: read-only tools run, others ask; acceptEdits: file edits run too; bypassPermissions: all run; plan: only read-only tools run.'),
    allow: z.array(z.string()).default([]).describe('Allow rules, e.g. "Bash(npm run test:*)" or "Read(src/**)".'),
    ask: z.array(z.string()).default([]).describe('Ask rules: matching calls ask for permission.'),
    deny: z.array(z.string()).default([]).describe('Deny rules; a bare tool name removes the tool from the pool.'),
    policy: z
      .enum(POLICY_NAMES)
      .default('seed')
      .describe(
        `A real agent's scheduling policy, as a named preset; the scheduling settings below override it one by one. ${POLICY_NAMES.map((name) => `${name}: ${POLICIES[name].summary}`).join(' ')}`,
      ),
    maxConcurrency: z
      .union([z.int().positive(), z.literal('none')])
      .optional()
      .describe('At most this many concurrency-safe calls execute at once ("none": no cap). Default: the policy’s (10 for the seed).'),
    toolMode: z.enum(['full', 'simple']).default('full').describe('simple keeps only Bash, Read and Edit in the pool.'),
    deferTools: z
      .union([z.boolean(), z.literal('auto')])
      .default(false)
      .describe('Deferred tool discovery: true, false, or "auto" (defer when the schemas exceed deferThresholdTokens).'),
    deferThresholdTokens: z.int().positive().optional().describe('With deferTools "auto": defer when the deferred tools’ schemas exceed this many tokens.'),
    mcpServers: mcpServersSchema,
    resultOrder: z
      .enum(['request', 'completion'])
      .optional()
      .describe('request: yield results in request order; completion: a finished safe call may pass a slower safe sibling. Default: the policy’s.'),
    cascade: z
      .enum(CASCADES)
      .optional()
      .describe(
        'Which failing call cancels its siblings: bash (a Bash error), any (an error of any tool), every-error (any error result, failed validation and denials included), every-error-but-read-only (as every-error, but not a read-only call’s), every-error-unless-all-edits (as every-error, unless every call of the turn edits a file), any-bash-error (any error result of a call that runs a command line: Bash), any-bash-error-but-read-only (of such a call that is not read-only), none. Default: the policy’s.',
      ),
    bashConcurrency: z
      .enum(BASH_CONCURRENCY)
      .optional()
      .describe('never: every Bash call is unsafe; read-only: read-only commands run in parallel; always: every command may (Codex’s shell tools). Default: the policy’s.'),
    concurrentTools: z
      .enum(CONCURRENT_TOOLS)
      .optional()
      .describe('Which calls may run beside others: declared (each tool says), all-but-edits (every call but file edits), all (every call). Default: the policy’s.'),
    answers: z
      .record(
        z.string(),
        z.union([
          answerSchema,
          z
            .record(z.string(), z.union([z.string(), z.array(z.string())]))
            .describe('An AskUserQuestion call’s answers: each question’s text → the chosen label (or labels, or the user’s own words).'),
        ]),
      )
      .default({})
      .describe('Scripted answers by tool_use id: "allow" or "deny" to a permission ask, or the answers to an AskUserQuestion call’s questions.'),
    defaultAnswer: answerSchema.default('allow').describe('The answer to any ask that `answers` does not name.'),
  })
  .describe('How the run is configured; every field has a default.');

/** How a call really ended, as a session log tells it. */
export const observedOutcomeSchema = z
  .enum(['success', 'error', 'cancelled', 'interrupted', 'denied', 'unanswered'])
  .describe('success; error (an error result); cancelled (a sibling’s error cancelled it); interrupted (the user stopped it); denied (a permission was refused); unanswered (the log holds no result).');

const count = (what: string) => z.number().int().min(0).describe(what);

/** What a session's log says of itself (design.md, Sessions: the log's own audit). */
export const auditSchema = z
  .strictObject({
    unanswered: count('Calls whose tool_use has no result in the log.'),
    cancelledBySibling: count('Calls a sibling’s failure cancelled.'),
    resultsOutOfOrder: count('Responses whose results were written in another order than their calls.'),
    resultsSplit: count('Responses whose results were written apart: a later response’s lines came between them.'),
    hooks: z.strictObject({ runs: count('Hook runs the log shows.'), ms: millis('Time the log shows hooks took (their own reports, the time a call ran on after its tool returned, a tool that ran only after its PreToolUse hook).') }),
    permissionWaits: z.strictObject({ calls: count('Calls whose tool ran later than the call started, with no hook before it: a person answering a permission prompt.'), ms: millis('Their waits in all.') }),
    ranSooner: count('Calls that ended before the agent’s own rules would have started them (a rule or a safety judgement the replay does not share).'),
  })
  .describe('What the log says of itself: unanswered calls, results written apart or out of order, cancellations, time in hooks and permission waits.');

/** What really happened in a session a scenario was imported from. */
export const observedSchema = z
  .strictObject({
    agent: z.string().min(1).describe('The agent that wrote the log, e.g. "claude-code".'),
    version: z.string().describe('Its version, e.g. "2.1.39" (empty when the log does not say).'),
    calls: z
      .record(
        z.string(),
        z
          .strictObject({
            outcome: observedOutcomeSchema,
            result: z.string().optional().describe('The result text the model got (cut when long).'),
            startedAt: millis('When the call really started, in ms from the session’s first response, where the log tells it.').optional(),
            endedAt: millis('When its result came, in ms from the session’s first response.').optional(),
            offsetMs: millis('When it really started, in ms from the first block of its own response (what a replay’s start is held to).').optional(),
            startWitness: z
              .enum(['log', 'rules', 'inconsistent'])
              .optional()
              .describe('How its start is known: the log says it (log); the agent’s rules give it from its block’s close and the real ends of the calls ahead (rules); or it ended before those rules would start it, so it is taken to start once ready (inconsistent).'),
            ranAt: millis('When the tool itself began to run, in ms from the session’s first response, where the log shows it waited first (hooks, a permission prompt).').optional(),
          })
          .describe('One call as it really ran.'),
      )
      .describe('Every call of the log, by tool_use id.'),
    unknown: z.array(z.string()).optional().describe('What the log could not tell (files never shown, sub-agents without their log, …).'),
    audit: auditSchema.optional(),
  })
  .describe('Optional: what really happened, for a scenario imported from a session log; the page and the command line compare the replay with it.');

const scenarioShape = z
  .strictObject({
    id: z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'the id must be kebab-case: lowercase letters and digits joined by single "-", e.g. "seed-partition"' })
      .describe('A kebab-case id, e.g. "seed-partition".'),
    title: z.string().min(1).describe('A one-line title.'),
    description: z.string().optional().describe('Markdown: what the scenario teaches (optional: a regression scenario may teach nothing).'),
    workspace: z
      .strictObject({ files: filesRecord('The workspace’s files: relative path → content.') })
      .prefault({ files: {} })
      .describe('The files the sandbox starts with.'),
    settings: settingsSchema.prefault({}),
    turns: z
      .array(turnSchema)
      .min(1)
      .describe('The scripted model responses, in order. After a turn with fallbackAt, the next turn is its retry.'),
    agents: z
      .record(z.string(), z.strictObject({ turns: z.array(turnSchema).min(1) }).describe('A scripted sub-agent.'))
      .optional()
      .describe('Scripted sub-agents, keyed by the tool_use id of the Agent call that starts each.'),
    expect: z
      .strictObject({ files: filesRecord('The expected final content of each named file.').optional() })
      .optional()
      .describe('Expectations on the whole run.'),
    observed: observedSchema.optional(),
  });

/** A scenario: a workspace, settings and the scripted model turns. */
export const scenarioSchema = scenarioShape.superRefine(checkScenario).meta({
  title: 'Tool System Playground scenario (format version 1)',
  description: 'A workspace, the run’s settings and the scripted model turns whose tool calls the playground replays.',
});

/** A validated scenario, defaults applied. */
export type Scenario = z.output<typeof scenarioShape>;
/** A scenario as written, before defaults (what a file or the editor holds). */
export type ScenarioInput = z.input<typeof scenarioShape>;
/** The settings as validated: defaults applied, scheduling settings only where the scenario gives them. */
export type ScenarioSettings = z.output<typeof settingsSchema>;
/** The settings a run uses: the policy's scheduling with the scenario's own on top. */
export type EffectiveSettings = Omit<ScenarioSettings, keyof SchedulingSettings> & SchedulingSettings;

/** One scripted model response. */
export type ScenarioTurn = z.output<typeof turnShape>;
/** A content block of a scripted response. */
export type StreamBlock = z.output<typeof streamBlockSchema>;
/** A tool_use block of a scripted response. */
export type ToolUseStreamBlock = Extract<StreamBlock, { type: 'tool_use' }>;
/** What a turn's run must show. */
export type TurnExpect = z.output<typeof turnExpectSchema>;
/** What really happened in an imported session. */
export type Observed = z.output<typeof observedSchema>;
/** What a session's log says of itself. */
export type LogAudit = z.output<typeof auditSchema>;
/** How a call really ended. */
export type ObservedOutcome = z.output<typeof observedOutcomeSchema>;
/** An expected call outcome; the same union as the run record's `CallOutcome`. */
export type ExpectedOutcome = z.output<typeof callOutcomeSchema>;
