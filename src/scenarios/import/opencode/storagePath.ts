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

/** A storage folder's files sorted out by where each sits. */
export interface StorageGroups<T> {
  /** The sessions' files, in the order given, with their ids. */
  readonly sessions: readonly { readonly id: string; readonly item: T }[];
  /** Each session's messages, by session id, in the order OpenCode made them (their names'). */
  readonly messagesOf: ReadonlyMap<string, readonly T[]>;
  /** Each message's parts, by message id, in the order OpenCode made them. */
  readonly partsOf: ReadonlyMap<string, readonly T[]>;
  /** What is none of the three. */
  readonly stray: readonly T[];
}

/**
 * Sorts a storage folder's files (`nameOf` gives each one's path) into sessions, messages by
 * session and parts by message: the importer reads them so (storageFolder.ts), the page groups a
 * dropped folder so. OpenCode's ids sort in the order they were made, so a name's order is theirs.
 */
export function groupStorageFiles<T>(items: readonly T[], nameOf: (item: T) => string): StorageGroups<T> {
  const sessions: { id: string; item: T }[] = [];
  const messagesOf = new Map<string, T[]>();
  const partsOf = new Map<string, T[]>();
  const stray: T[] = [];
  const add = (map: Map<string, T[]>, key: string, item: T) => {
    const list = map.get(key);
    if (list) list.push(item);
    else map.set(key, [item]);
  };
  for (const item of items) {
    const place = storageFileOf(nameOf(item));
    if (place?.kind === 'session') sessions.push({ id: place.id, item });
    else if (place?.kind === 'message') add(messagesOf, place.session, item);
    else if (place?.kind === 'part') add(partsOf, place.message, item);
    else stray.push(item);
  }
  const byName = (a: T, b: T) => (nameOf(a) < nameOf(b) ? -1 : nameOf(a) > nameOf(b) ? 1 : 0);
  for (const list of [...messagesOf.values(), ...partsOf.values()]) list.sort(byName);
  return { sessions, messagesOf, partsOf, stray };
}
