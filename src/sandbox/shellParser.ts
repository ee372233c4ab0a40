/**
 * The shell parser behind Bash command analysis: just-bash's, which builds a real AST. It lives in
 * sandbox/ because only this folder imports just-bash; the analysis itself is in tools/permissions.
 * just-bash's browser build does not export `parse`, so the AST is taken from a transform plugin
 * of a parsing-only Bash instance (the same parser, in Node and in the page alike).
 */
import { Bash, type CommandNode, type ScriptNode, type SimpleCommandNode, type WordNode } from 'just-bash';
import { joinLineContinuations } from './lineContinuations';

export type { CommandNode, PipelineNode, ScriptNode, SimpleCommandNode, StatementNode, WordNode } from 'just-bash';
/** One part of a word (a literal, a quoted string, an expansion, a substitution…). */
export type WordPart = WordNode['parts'][number];
/** A redirection of a simple or compound command. */
export type RedirectionNode = SimpleCommandNode['redirections'][number];
/** A variable assignment (`x=1`, `a[i]=1`, `a=(…)`). */
export type AssignmentNode = SimpleCommandNode['assignments'][number];
/** A node of an arithmetic expression. */
export type ArithExpr = Extract<WordPart, { type: 'ArithmeticExpansion' }>['expression']['expression'];
/** A node of a `[[ … ]]` expression. */
export type ConditionalExpression = Extract<CommandNode, { type: 'ConditionalCommand' }>['expression'];

let parser: { bash: Bash; last: ScriptNode | undefined } | undefined;

function getParser() {
  if (!parser) {
    const state: { bash: Bash; last: ScriptNode | undefined } = { bash: new Bash(), last: undefined };
    state.bash.registerTransformPlugin({
      name: 'capture-ast',
      transform(context) {
        state.last = context.ast;
        return { ast: context.ast };
      },
    });
    parser = state;
  }
  return parser;
}

/**
 * Parses a command line; a syntax error is returned as its message. Line continuations are joined
 * first, as bash joins them (see `joinLineContinuations`).
 */
export function parseShell(command: string): { ok: true; script: ScriptNode } | { ok: false; error: string } {
  const state = getParser();
  state.last = undefined;
  try {
    state.bash.transform(joinLineContinuations(command));
  } catch (error: unknown) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  return state.last ? { ok: true, script: state.last } : { ok: false, error: 'the parser produced no syntax tree' };
}
