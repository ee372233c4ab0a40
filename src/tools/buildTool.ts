import type { z } from 'zod';
import { kindTraits } from './kinds';
import type { RenderDescriptor, Tool, ToolRenderers } from './types';

/** The largest result any tool may return before it is cut (min(limit, 50,000), as the real agent's). */
export const RESULT_CAP_CHARS = 50_000;

/**
 * What a tool definition must say (the required parts fail to compile when missing) and what it
 * may say (each optional part has a fail-closed default in {@link buildTool}).
 */
export type ToolDefinition<Input, Output, Progress> = {
  name: string;
  inputSchema: z.ZodType<Input>;
  prompt: () => string;
  call: Tool<Input, Output, Progress>['call'];
  render: Pick<ToolRenderers<Input, Output, Progress>, 'use' | 'result'> &
    Partial<Omit<ToolRenderers<Input, Output, Progress>, 'use' | 'result'>>;
} & Partial<
  Pick<
    Tool<Input, Output, Progress>,
    | 'aliases'
    | 'sameAs'
    | 'kind'
    | 'pathField'
    | 'validateInput'
    | 'checkPermissions'
    | 'mapResult'
    | 'isReadOnly'
    | 'isConcurrencySafe'
    | 'isDestructive'
    | 'isEnabled'
    | 'disabledReason'
    | 'userFacingName'
    | 'description'
    | 'maxResultSizeChars'
    | 'shouldDefer'
    | 'searchHint'
    | 'isMcp'
  >
>;

function defaultMapResult(output: unknown): string {
  return typeof output === 'string' ? output : JSON.stringify(output, null, 2);
}

/**
 * Builds a tool from a definition, filling what it leaves out with fail-closed defaults: of kind
 * `other` (taken to read, write and run anything: design.md, Tool kinds), not read-only, not
 * concurrency-safe, not destructive, enabled, permissions deferred to the general system. A tool
 * has to say what it does, and that it is safe to be run in parallel. Where its kind fixes
 * whether it is read-only (a read, a search, an edit, an undeclared tool), the kind answers.
 */
export function buildTool<Input, Output, Progress = never>(
  definition: ToolDefinition<Input, Output, Progress>,
): Tool<Input, Output, Progress> {
  const name = definition.name;
  const userFacingName = definition.userFacingName ?? (() => name);
  const render: ToolRenderers<Input, Output, Progress> = {
    progress: (progress: Progress): RenderDescriptor => ({
      title: name,
      summary: typeof progress === 'string' ? progress : JSON.stringify(progress),
      tone: 'muted',
    }),
    rejected: (_input: Input, reason: string): RenderDescriptor => ({
      title: `${name} was not allowed`,
      summary: reason,
      tone: 'warning',
    }),
    error: (_input: Input, message: string): RenderDescriptor => ({
      title: `${name} failed`,
      body: message,
      format: 'text',
      tone: 'error',
    }),
    grouped: (uses): RenderDescriptor => ({
      title: `${uses.length} × ${name} in parallel`,
      summary: uses.map((use) => userFacingName(use.input)).join(', '),
    }),
    ...definition.render,
  };
  const kind = definition.kind ?? 'other';
  const effect = kindTraits(kind).effect;
  // Where the kind decides (a read never writes; an edit, an undeclared tool, always may), the
  // tool's own word is not asked.
  const isReadOnly = effect === 'per-call' ? (definition.isReadOnly ?? (() => false)) : () => effect === 'never-writes';
  return {
    aliases: [],
    sameAs: [],
    pathField: undefined,
    validateInput: () => Promise.resolve({ ok: true }),
    checkPermissions: () => Promise.resolve({ behavior: 'allow' }),
    mapResult: defaultMapResult,
    isConcurrencySafe: () => false,
    isDestructive: () => false,
    isEnabled: () => true,
    disabledReason: () => undefined,
    description: (input: Input) => userFacingName(input),
    maxResultSizeChars: 100_000,
    shouldDefer: false,
    searchHint: undefined,
    isMcp: false,
    ...definition,
    kind,
    isReadOnly,
    userFacingName,
    render,
  };
}
