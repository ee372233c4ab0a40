/**
 * Where a file sits in OpenCode's storage folder, told by its path alone (storageFolder.ts reads
 * the files): the command line asks it of every path it is given, so it imports nothing.
 */

/** What a file of a storage folder is, by where it sits: the session, a message or a part, and of what. */
export type StorageFile =
  | { kind: 'session'; project: string; id: string }
  | { kind: 'message'; session: string; id: string }
  | { kind: 'part'; message: string; id: string };

const STORAGE_PATH = /(?:^|[/\\])(session|message|part)[/\\]([^/\\]+)[/\\]((?:ses|msg|prt)_[^/\\]+)\.json$/;
const PREFIX = { session: 'ses_', message: 'msg_', part: 'prt_' } as const;

/** What `name` is in a storage folder, or `undefined` when it is none of its files. */
export function storageFileOf(name: string): StorageFile | undefined {
  const match = STORAGE_PATH.exec(name);
  if (!match) return undefined;
  const [, kind, owner, id] = match as unknown as [string, keyof typeof PREFIX, string, string];
  if (!id.startsWith(PREFIX[kind])) return undefined;
  if (kind === 'session') return { kind, project: owner, id };
  return kind === 'message' ? { kind, session: owner, id } : { kind, message: owner, id };
}

/**
 * Whether the head of the file `name` is a main session of a storage folder: a session's file (an
 * object opening with its "ses_" id) that names no parent (a sub-agent's goes with its parent's).
 */
export function isStorageSessionHead(name: string, head: string): boolean {
  return storageFileOf(name)?.kind === 'session' && /^\s*\{\s*"id"\s*:\s*"ses_/.test(head) && !/"parentID"\s*:\s*"ses_/.test(head);
}
