/**
 * Regular expressions that cannot hang the process. A scenario, a session log, a rule or an MCP
 * server may bring a pattern that backtracks without end (`(a+)+$` for Grep, `a*a*a*…b` for a path
 * rule or a Glob, a BashOutput filter, a schema's `pattern`). V8 can switch such a match to its
 * linear-time engine once it has backtracked too long; the command line turns that on before any
 * pattern is compiled (flags are process-wide: worker threads share it). A pattern the linear engine
 * cannot run (a backreference, a lookaround) still backtracks: the tools' own bounds apply to it.
 * The page cannot set engine flags: design.md, Threat model, says what holds there.
 */
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--enable-experimental-regexp-engine-on-excessive-backtracks');
