/**
 * Real agents' scheduling policies as named presets (design.md, Policies). Each is data: how the
 * agent schedules tool calls, and what that knowledge rests on. A scenario names one in
 * `settings.policy`; any scheduling setting it also gives overrides the preset's.
 */

export const POLICY_NAMES = [
  'seed',
  'claude-code-1.0',
  'claude-code-2.0',
  'claude-code-2.1.39',
  'claude-code-2.1.47',
  'claude-code-2.1.72',
  'claude-code-2.1.128',
  'claude-code-2.1.161',
  'gemini-cli',
  'codex',
  'copilot-cli',
  'ai-sdk-5',
  'ai-sdk-7',
  'opencode',
  'cline',
  'pi',
  'pi-sequential',
] as const;
export type PolicyName = (typeof POLICY_NAMES)[number];

/** Which failing calls cancel their siblings. */
export const CASCADES = ['bash', 'any', 'every-error', 'every-error-but-read-only', 'every-error-unless-all-edits', 'any-bash-error', 'any-bash-error-but-read-only', 'none'] as const;
export type Cascade = (typeof CASCADES)[number];

/** Whether Bash calls may run beside others: never (the seed's), when read-only (Claude Code's), always (Codex's shell tools, which take its shared lock). */
export const BASH_CONCURRENCY = ['never', 'read-only', 'always'] as const;
export type BashConcurrency = (typeof BASH_CONCURRENCY)[number];

/** Which calls may run beside others. */
export const CONCURRENT_TOOLS = ['declared', 'all-but-edits', 'all'] as const;
export type ConcurrentTools = (typeof CONCURRENT_TOOLS)[number];

/** When tools start and how they group: the four strategies. */
export type PolicyStrategy = 'streaming' | 'batched' | 'serial' | 'parallel';

/** The scheduling settings a policy fixes (and a scenario may override one by one). */
export interface SchedulingSettings {
  /** At most this many calls execute at once; `none`: no cap. */
  maxConcurrency: number | 'none';
  resultOrder: 'request' | 'completion';
  cascade: Cascade;
  /** Under `declared`: `never` counts every Bash call unsafe, `read-only` lets read-only commands run together. */
  bashConcurrency: BashConcurrency;
  /** `declared`: each tool's own `isConcurrencySafe`; `all-but-edits`: every call but file edits; `all`: every call. */
  concurrentTools: ConcurrentTools;
}

export interface PolicyPreset {
  readonly name: PolicyName;
  /** The agent, e.g. "Claude Code". */
  readonly agent: string;
  /** The version or period the preset describes. */
  readonly version: string;
  /** What the preset rests on: changelogs, source, real session logs. */
  readonly source: string;
  /** One sentence on what sets it apart. */
  readonly summary: string;
  /** When its tools start and how they group. */
  readonly strategy: PolicyStrategy;
  readonly settings: SchedulingSettings;
}

/**
 * Claude Code's streaming executor, as its published builds run it (2.0.59 to today): each call
 * starts as its block closes, read-only Bash counts as safe, results in completion order, and no
 * cap (CLAUDE_CODE_MAX_TOOL_USE_CONCURRENCY caps only the non-streaming path). What cancels
 * siblings changed from version to version.
 */
const CLAUDE_CODE_STREAMING: SchedulingSettings = { maxConcurrency: 'none', resultOrder: 'completion', cascade: 'every-error', bashConcurrency: 'read-only', concurrentTools: 'declared' };
/** Claude Code's non-streaming path (`runTools`): after the response, batch by batch, at most 10 at once, completion order within a batch, nothing cancelled. */
const CLAUDE_CODE_AFTER_RESPONSE: SchedulingSettings = { maxConcurrency: 10, resultOrder: 'completion', cascade: 'none', bashConcurrency: 'read-only', concurrentTools: 'declared' };
/** The AI SDK 5 and 6 (streamText): each call as it is parsed, all together; OpenCode runs on it. */
const AI_SDK_STREAMING: SchedulingSettings = { maxConcurrency: 'none', resultOrder: 'completion', cascade: 'none', bashConcurrency: 'never', concurrentTools: 'all' };

/** Where Claude Code's rules are read from: its published package, whose build is minified JavaScript. */
const CLAUDE_CODE_PACKAGE = 'the published package @anthropic-ai/claude-code (its cli.js up to 2.1.109; the native build of @anthropic-ai/claude-code-linux-x64 after), read version by version';

export const POLICIES: Readonly<Record<PolicyName, PolicyPreset>> = {
  seed: {
    name: 'seed',
    agent: 'The seed chapter',
    version: '(the design this playground implements)',
    source: 'The chapter’s description of the StreamingToolExecutor, partitionToolCalls and runTools.',
    summary: 'Tools start while the stream arrives; every Bash call is unsafe; results in request order; a Bash error cancels its siblings.',
    strategy: 'streaming',
    settings: { maxConcurrency: 10, resultOrder: 'request', cascade: 'bash', bashConcurrency: 'never', concurrentTools: 'declared' },
  },
  'claude-code-1.0': {
    name: 'claude-code-1.0',
    agent: 'Claude Code',
    version: '1.0.x',
    source: `Real session logs of 1.0.98 and 1.0.108: tool calls start only after the whole response has streamed. In ${CLAUDE_CODE_PACKAGE}, 1.0.128 has only the non-streaming path: the partition's batches one after another, a concurrent batch at most 10 at once (a constant), each result yielded as its call finishes, and nothing cancelled.`,
    summary: 'Waits for the whole response, then runs the partition’s batches, at most 10 at once; results as they finish; nothing cancelled.',
    strategy: 'batched',
    settings: CLAUDE_CODE_AFTER_RESPONSE,
  },
  'claude-code-2.0': {
    name: 'claude-code-2.0',
    agent: 'Claude Code',
    version: '2.0.0 to 2.0.58; 2.0.59 to 2.1.153 where the session ran without streaming tool execution',
    source: `${CLAUDE_CODE_PACKAGE}: up to 2.0.58 the query loop runs tools only after the response, through runTools (the partition's batches, a concurrent one at most CLAUDE_CODE_MAX_TOOL_USE_CONCURRENCY, default 10, at once; no cancellation). 2.0.59 adds the streaming executor behind the feature gate tengu_streaming_tool_execution2, falling back to runTools where the gate is off; 2.1.154 drops the gate. A log tells which path ran: under the executor a quick call's result line is written before the later blocks of its response, under runTools every result comes after the response's last block.`,
    summary: 'As 1.0: after the whole response, batch by batch, at most 10 at once; nothing cancelled. The path Claude Code takes without streaming execution.',
    strategy: 'batched',
    settings: CLAUDE_CODE_AFTER_RESPONSE,
  },
  'claude-code-2.1.39': {
    name: 'claude-code-2.1.39',
    agent: 'Claude Code',
    version: '2.0.59 to 2.1.46, with streaming tool execution',
    source: `${CLAUDE_CODE_PACKAGE}, 2.0.59 to 2.1.46: the streaming executor starts a queued call when nothing runs, or when it and everything running are concurrency-safe (no cap); any tool_result marked is_error sets hasErrored, after which every call that starts, and every running call at its next message, ends with "Sibling tool call errored" (its work is not aborted). Real logs of 2.1.38 and 2.1.39: each call starts 2–12 ms after its block closes; a Read of a missing file cancelled its siblings, also calls arriving after the error.`,
    summary: 'Streaming, read-only Bash concurrent, no cap, completion order, and any error result cancels every sibling.',
    strategy: 'streaming',
    settings: CLAUDE_CODE_STREAMING,
  },
  'claude-code-2.1.47': {
    name: 'claude-code-2.1.47',
    agent: 'Claude Code',
    version: '2.1.47 to 2.1.71, with streaming tool execution',
    source: `${CLAUDE_CODE_PACKAGE}: 2.1.47 adds allToolsAreWriteOrEdit to the executor's abort check: an error cancels nothing while every call of the turn is a Write or an Edit. 2.1.64 names the failed call in the cancellation ("Cancelled: parallel tool call Bash(…) errored").`,
    summary: 'As 2.1.39, but while every call of the turn edits a file an error cancels nothing (Claude Code names its Write and Edit; here every tool of the edit kind, its NotebookEdit too).',
    strategy: 'streaming',
    settings: { ...CLAUDE_CODE_STREAMING, cascade: 'every-error-unless-all-edits' },
  },
  'claude-code-2.1.72': {
    name: 'claude-code-2.1.72',
    agent: 'Claude Code',
    version: '2.1.72 to 2.1.127, with streaming tool execution',
    source: `${CLAUDE_CODE_PACKAGE}: 2.1.72 sets hasErrored only for an error result of a Bash call, and aborts the running siblings through a sibling AbortController; errors of other tools cancel nothing.`,
    summary: 'As 2.1.39, but only a Bash call’s error cancels its siblings (running ones are aborted).',
    strategy: 'streaming',
    settings: { ...CLAUDE_CODE_STREAMING, cascade: 'any-bash-error' },
  },
  'claude-code-2.1.128': {
    name: 'claude-code-2.1.128',
    agent: 'Claude Code',
    version: '2.1.128 to 2.1.160 (streaming always on from 2.1.154)',
    source: `${CLAUDE_CODE_PACKAGE}: 2.1.128 cancels siblings only for an error of a shell call (Bash, PowerShell) that is not concurrency-safe; the changelog: a failing read-only command no longer cancels its siblings.`,
    summary: 'As 2.1.72, but a failing read-only command cancels nothing.',
    strategy: 'streaming',
    settings: { ...CLAUDE_CODE_STREAMING, cascade: 'any-bash-error-but-read-only' },
  },
  'claude-code-2.1.161': {
    name: 'claude-code-2.1.161',
    agent: 'Claude Code',
    version: '2.1.161 and later',
    source: `${CLAUDE_CODE_PACKAGE}: 2.1.161 removes hasErrored and the sibling controller from the executor (checked to 2.1.237): each tool returns its own result independently; the executor still has no cap. The changelog: streaming always on since 2.1.154.`,
    summary: 'As 2.1.39, with no sibling cancellation at all.',
    strategy: 'streaming',
    settings: { ...CLAUDE_CODE_STREAMING, cascade: 'none' },
  },
  'gemini-cli': {
    name: 'gemini-cli',
    agent: 'gemini-cli',
    version: 'mid-2026',
    source: 'Its scheduler’s source: it waits for the stream to end, runs a contiguous run of calls together unless the model marks one wait_for_previous, always runs edit tools alone (after parallel edits of one file overwrote each other), has no cap and cancels nothing.',
    summary: 'After the stream: every call together but edits, which run alone; no cap; request order.',
    strategy: 'batched',
    settings: { maxConcurrency: 'none', resultOrder: 'request', cascade: 'none', bashConcurrency: 'never', concurrentTools: 'all-but-edits' },
  },
  codex: {
    name: 'codex',
    agent: 'Codex CLI',
    version: 'codex-rs, 0.100 to 0.145',
    source:
      'Its source (openai/codex): codex-rs/core/src/tools/parallel.rs spawns each call as its output item completes, during the stream, under one fair read/write lock per request: a tool that supports parallel calls takes the shared lock, any other the exclusive one, first come first served (router.rs tool_supports_parallel, false for an unknown tool). exec_command, shell, shell_command, local_shell (PR #10505, 2026-02), view_image, read_file, list_dir, grep_files and tool_search take the shared lock; write_stdin, apply_patch, update_plan, MCP tools (unless the server opts in, #17667, or the tool says readOnlyHint, #23750), code mode’s exec and the multi-agent tools the exclusive one. Outputs are recorded in call order (FuturesOrdered); no cap; a failing call fails alone. Real rollouts of 0.125 to 0.142.5: exec_command calls of one response ran together (their wall times overlap), write_stdin polls one after another.',
    summary: 'Streaming; shell commands and reads run together, every other tool alone (a read/write lock, first come first served); no cap; results in call order.',
    strategy: 'streaming',
    settings: { maxConcurrency: 'none', resultOrder: 'request', cascade: 'none', bashConcurrency: 'always', concurrentTools: 'declared' },
  },
  'copilot-cli': {
    name: 'copilot-cli',
    agent: 'GitHub Copilot CLI',
    version: '1.0.x (seen in 1.0.64)',
    source: 'A real session log of 1.0.64 (thin evidence: its source is closed): the calls of a response start 1–6 ms after its assistant.message, which is written once the response is complete; the 15 pairs asked for together all ran together, non-read-only commands too, and in 9 the second finished first and its tool.execution_complete came first; a failing read_bash cancelled nothing (its sibling ran on and succeeded). Parallel execution is the default since 0.0.348, which added --disable-parallel-tools-execution to run them one by one; its system prompt says views run in parallel and edits of one file are applied in order, so edits are taken to run alone. No cap was seen (at most 2 at once).',
    summary: 'After the response: every call together but edits, which run alone; no cap; completion order; nothing cancelled.',
    strategy: 'batched',
    settings: { maxConcurrency: 'none', resultOrder: 'completion', cascade: 'none', bashConcurrency: 'never', concurrentTools: 'all-but-edits' },
  },
  'ai-sdk-5': {
    name: 'ai-sdk-5',
    agent: 'Vercel AI SDK',
    version: '5 and 6',
    source: 'Its source and docs: each tool call executes as soon as it is parsed, all of them in parallel, and results stream back as they complete.',
    summary: 'Every call at once as it arrives, no partition, completion order.',
    strategy: 'streaming',
    settings: AI_SDK_STREAMING,
  },
  'ai-sdk-7': {
    name: 'ai-sdk-7',
    agent: 'Vercel AI SDK',
    version: '7',
    source: 'Its source: tool calls run after the model call ends, all at once (Promise.all).',
    summary: 'After the stream, every call at once, completion order.',
    strategy: 'parallel',
    settings: { maxConcurrency: 'none', resultOrder: 'completion', cascade: 'none', bashConcurrency: 'never', concurrentTools: 'all' },
  },
  opencode: {
    name: 'opencode',
    agent: 'OpenCode',
    version: 'AI SDK 6 runtime (sst/opencode, mid-2026)',
    source: 'Its source (github.com/sst/opencode): packages/opencode/src/session/llm.ts calls the AI SDK’s streamText with its tools and their execute (“AI SDK owns provider execution and tool dispatch”), on "ai" 6.0.x (the root package.json catalog); processor.ts marks a tool part running with time.start at the stream’s tool-call event and completed or error at its tool-result, and a failing call fails alone. So it inherits ai-sdk-5’s scheduling (the AI SDK 5 and 6 run each call as it is parsed, all together, results as they complete). Its experimental native runtime (a flag, off by default) is not covered.',
    summary: 'As the AI SDK 5/6 it runs on: every call at once as it arrives, completion order, nothing cancelled.',
    strategy: 'streaming',
    settings: AI_SDK_STREAMING,
  },
  cline: {
    name: 'cline',
    agent: 'Cline',
    version: 'today',
    source: 'Its docs and source: tools run one at a time after the response (sequential by default).',
    summary: 'After the response, one call at a time.',
    strategy: 'serial',
    settings: { maxConcurrency: 1, resultOrder: 'request', cascade: 'none', bashConcurrency: 'never', concurrentTools: 'declared' },
  },
  pi: {
    name: 'pi',
    agent: 'Pi',
    version: '0.58.0 and later (toolExecution "parallel", the default)',
    source:
      'Its agent loop (badlogic/pi-mono, packages/agent/src/agent-loop.ts; the CHANGELOG of 0.58.0): tools run only after the whole assistant message has streamed; in parallel mode each call is checked in turn (its beforeToolCall hook may block it), then every allowed call starts at once (Promise.all), results kept in the message’s order; a failing or blocked call cancels nothing; no cap. A session file gives no version: in parallel mode every result of a message is written once the slowest call ends, with one time.',
    summary: 'After the message, every call at once; results in the message’s order; nothing cancelled.',
    strategy: 'parallel',
    settings: { maxConcurrency: 'none', resultOrder: 'request', cascade: 'none', bashConcurrency: 'never', concurrentTools: 'all' },
  },
  'pi-sequential': {
    name: 'pi-sequential',
    agent: 'Pi',
    version: 'before 0.58.0, or toolExecution "sequential"',
    source:
      'Its agent loop before 0.58.0 (badlogic/pi-mono, packages/agent/src/agent-loop.ts): after the whole message, the calls one after another, each result written as its call ends; a failing call stops nothing (until 0.58.4 a message the user queued skipped the calls still to run). A session that ran so shows results of one message written at rising times.',
    summary: 'After the message, one call at a time; nothing cancelled.',
    strategy: 'serial',
    settings: { maxConcurrency: 1, resultOrder: 'request', cascade: 'none', bashConcurrency: 'never', concurrentTools: 'declared' },
  },
};

/** The policy's settings with whatever the scenario sets explicitly on top. */
export function resolveScheduling(policy: PolicyName, explicit: Partial<SchedulingSettings>): SchedulingSettings {
  const preset = POLICIES[policy].settings;
  return {
    maxConcurrency: explicit.maxConcurrency ?? preset.maxConcurrency,
    resultOrder: explicit.resultOrder ?? preset.resultOrder,
    cascade: explicit.cascade ?? preset.cascade,
    bashConcurrency: explicit.bashConcurrency ?? preset.bashConcurrency,
    concurrentTools: explicit.concurrentTools ?? preset.concurrentTools,
  };
}
