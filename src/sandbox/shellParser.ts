/**
 * The shell parser behind Bash command analysis: just-bash's, which builds a real AST. It lives in
 * sandbox/ because only this folder imports just-bash; the analysis itself is in tools/permissions.
 */
import { parse } from 'just-bash';

export type {
  CommandNode,
  PipelineNode,
  ScriptNode,
  SimpleCommandNode,
  StatementNode,
  WordNode,
} from 'just-bash';

/** Parses a command line; a syntax error is returned as its message. */
export function parseShell(command: string): { ok: true; script: import('just-bash').ScriptNode } | { ok: false; error: string } {
  try {
    return { ok: true, script: parse(command) };
  } catch (error: unknown) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
