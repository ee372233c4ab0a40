/**
 * The second line against regular expressions that backtrack without end. The tools match every
 * pattern that comes from outside (a Grep regex, a BashOutput filter, an MCP schema's `pattern`)
 * in linear time themselves (`tools/linearRegex.ts`), on the page and here alike. On the command
 * line V8 can also switch any other match (a library's, say) to its linear-time engine once it has
 * backtracked too long; this turns that on before any pattern is compiled (flags are
 * process-wide: worker threads share it).
 */
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--enable-experimental-regexp-engine-on-excessive-backtracks');
