/**
 * A file the command was asked to write (`--out`, `--junit`) that could not be written, with the
 * file and why in words: an everyday failure (a path through a file, a full disk, no permission),
 * said as such with exit 2, never as an internal error.
 */
export class FileWriteError extends Error {
  constructor(
    readonly path: string,
    readonly why: string,
  ) {
    super(`cannot write ${path}: ${why}`);
  }
}

/** Why writing failed, from the system's error code; the error's own text when the code is not one of these. */
const WHY: Record<string, string> = {
  ENOTDIR: 'a part of its path is a file, not a folder',
  EEXIST: 'a part of its path is a file, not a folder',
  EISDIR: 'it is a folder',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is used up',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENAMETOOLONG: 'its name is too long',
  ENOENT: 'its folder cannot be made',
  EFBIG: 'the file would be too large',
  EIO: 'the device reported an input/output error',
};

/** The error of writing `path` as a {@link FileWriteError}; one already is stays as it is. */
export function fileWriteError(path: string, error: unknown): FileWriteError {
  if (error instanceof FileWriteError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const known = typeof code === 'string' ? WHY[code] : undefined;
  const why = known ? `${known} (${code as string})` : error instanceof Error ? error.message : String(error);
  return new FileWriteError(path, why);
}

/**
 * Runs a command, saying a file it could not write as `COMMAND: cannot write FILE: why` with exit 2;
 * any other error goes on as it is.
 */
export async function exitTwoOnWriteFailure(command: string, stderr: (text: string) => void, run: () => Promise<number>): Promise<number> {
  try {
    return await run();
  } catch (error: unknown) {
    if (!(error instanceof FileWriteError)) throw error;
    stderr(`${command}: ${error.message}\n`);
    return 2;
  }
}
