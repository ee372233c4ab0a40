/**
 * Codex CLI has no Read tool: it reads files with commands, `cat FILE` or `sed -n '1,200p' FILE`.
 * Such a command's output shows the file as it was, so the workspace can be rebuilt from it, as
 * from a Claude Code Read (sessionWorkspace.ts takes the same report). Only plain reads count: one
 * file, no pipe, an output Codex did not shorten.
 */
import { isAbsolute } from '../sessionPaths';
import { execReport } from './codexOutput';

/** What a read showed: the file (absolute, or relative to the session's folder) and which of its lines. */
export interface ShownFile {
  readonly filePath: string;
  readonly content: string;
  readonly startLine: number;
  readonly numLines: number;
  readonly totalLines: number;
}

const WORD = String.raw`('[^']*'|"[^"$\`\\]*"|[\w@%+=:,./-]+)`;
const CAT = new RegExp(String.raw`^cat ${WORD}$`);
const SED = new RegExp(String.raw`^sed -n ['"]?(\d+),(\d+)p['"]? ${WORD}$`);
/** Codex's marks of an output it cut for the model. */
const SHORTENED = /\[\.\.\. omitted \d+ of \d+ lines \.\.\.\]|tokens truncated|\[Output truncated/;

function unquote(word: string): string {
  return /^['"]/.test(word) ? word.slice(1, -1) : word;
}

/** The command's own output inside Codex's report of it (the text after "Output:", or the JSON's `output`). */
function commandOutput(text: string): string | undefined {
  if (text.startsWith('{')) {
    try {
      const parsed = JSON.parse(text) as { output?: unknown };
      return typeof parsed.output === 'string' ? parsed.output : undefined;
    } catch {
      return undefined;
    }
  }
  const at = text.indexOf('\nOutput:\n');
  return at < 0 ? undefined : text.slice(at + '\nOutput:\n'.length);
}

/**
 * The file a successful command showed, from the command (Bash's, maybe `cd DIR && …` first) and
 * the output Codex gave the model; `undefined` when it is no plain read.
 */
export function shownFile(command: string, output: string): ShownFile | undefined {
  const report = execReport(output);
  if (report?.exitCode !== 0 || /^Total output lines:/m.test(output.slice(0, 200))) return undefined;
  const content = commandOutput(output);
  if (content === undefined || SHORTENED.test(content)) return undefined;
  const cd = new RegExp(String.raw`^cd ${WORD} && (.*)$`, 's').exec(command.trim());
  const base = cd ? unquote(cd[1]!) : '';
  const read = (cd ? cd[2]! : command).trim();
  const place = (path: string) => (base !== '' && !isAbsolute(path) ? `${base.replace(/\/$/, '')}/${path}` : path);
  const lines = content === '' ? 0 : content.replace(/\n$/, '').split('\n').length;
  const cat = CAT.exec(read);
  if (cat) return { filePath: place(unquote(cat[1]!)), content, startLine: 1, numLines: lines, totalLines: lines };
  const sed = SED.exec(read);
  if (!sed) return undefined;
  const [from, to] = [Number(sed[1]), Number(sed[2])];
  if (from < 1 || to < from) return undefined;
  const filePath = place(unquote(sed[3]!));
  // Fewer lines than asked, from the first: the whole file. Otherwise only those lines are known,
  // and the file may go on (one more line, left empty, says so).
  if (from === 1 && lines < to) return { filePath, content, startLine: 1, numLines: lines, totalLines: lines };
  return { filePath, content: content.replace(/\n$/, ''), startLine: from, numLines: lines, totalLines: from + lines };
}
