/**
 * Compile-time checks of buildTool's typing: `npm run typecheck` fails if any `@ts-expect-error`
 * below stops being an error, i.e. if a definition missing a required part would compile.
 */
import * as z from 'zod';
import { buildTool } from './buildTool';

const inputSchema = z.strictObject({ path: z.string() });
const call = () => Promise.resolve({ output: 'ok' });
const render = { use: () => ({ title: 'use' }), result: () => ({ title: 'result' }) };

export const complete = buildTool({ name: 'Complete', inputSchema, prompt: () => 'p', call, render });

// @ts-expect-error a tool without a name does not compile
export const noName = buildTool({ inputSchema, prompt: () => 'p', call, render });
// @ts-expect-error a tool without a schema does not compile
export const noSchema = buildTool({ name: 'X', prompt: () => 'p', call, render });
// @ts-expect-error a tool without call does not compile
export const noCall = buildTool({ name: 'X', inputSchema, prompt: () => 'p', render });
// @ts-expect-error a tool without a prompt does not compile
export const noPrompt = buildTool({ name: 'X', inputSchema, call, render });
// @ts-expect-error a tool without a use renderer does not compile
export const noUseRender = buildTool({ name: 'X', inputSchema, prompt: () => 'p', call, render: { result: render.result } });
// @ts-expect-error a tool without a result renderer does not compile
export const noResultRender = buildTool({ name: 'X', inputSchema, prompt: () => 'p', call, render: { use: render.use } });
// @ts-expect-error isConcurrencySafe must take the parsed input type
export const wrongSafe = buildTool({ name: 'X', inputSchema, prompt: () => 'p', call, render, isConcurrencySafe: (input: { other: number }) => input.other > 0 });
