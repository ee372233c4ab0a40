import { storageFileOf } from '../../scenarios/import/opencode/storagePath';

/** The name of a dropped file, as its path inside the drop. */
const pathOf = (file: File) => file.webkitRelativePath || file.name;

/** Whether a dropped file is a session, message or part of an OpenCode storage folder, by where it sits. */
export const isStorageFile = (file: File) => storageFileOf(pathOf(file)) !== undefined;

/** The session a storage session's file names as its parent (a sub-agent's), or ''. */
async function parentOf(file: File): Promise<string> {
  return /"parentID"\s*:\s*"(ses_[A-Za-z0-9]+)"/.exec(await file.slice(0, 4096).text())?.[1] ?? '';
}

/**
 * The sessions of a dropped OpenCode storage folder (the command line's `readSessionFiles` reads the
 * same from disk): each session that is no other's sub-agent, first, then its sub-agents' sessions
 * (a parent's parent's … too), then the messages of them all and the parts of those messages.
 */
export async function storageSessionsOf(files: readonly File[]): Promise<{ main: File; subAgents: File[] }[]> {
  const sessions = new Map<string, { file: File; parent: string }>();
  const messages = new Map<string, File[]>();
  const parts = new Map<string, File[]>();
  for (const file of files) {
    const place = storageFileOf(pathOf(file));
    if (place?.kind === 'session') sessions.set(place.id, { file, parent: await parentOf(file) });
    else if (place?.kind === 'message') messages.set(place.session, [...(messages.get(place.session) ?? []), file]);
    else if (place?.kind === 'part') parts.set(place.message, [...(parts.get(place.message) ?? []), file]);
  }
  /** The session at the top of `id`'s chain of parents that the drop holds; `id` itself when the chain goes round in a circle. */
  const rootOf = (id: string): string => {
    const seen = new Set([id]);
    let at = id;
    for (let parent = sessions.get(at)!.parent; sessions.has(parent); parent = sessions.get(at)!.parent) {
      if (seen.has(parent)) return id;
      seen.add(parent);
      at = parent;
    }
    return at;
  };
  const byName = (a: File, b: File) => (pathOf(a) < pathOf(b) ? -1 : pathOf(a) > pathOf(b) ? 1 : 0);
  const roots = [...sessions.keys()].filter((id) => rootOf(id) === id).sort();
  return roots.map((root) => {
    const members = [...sessions.keys()].filter((id) => rootOf(id) === root).sort((a, b) => (a === root ? -1 : b === root ? 1 : a < b ? -1 : 1));
    const ownMessages = members.flatMap((id) => (messages.get(id) ?? []).sort(byName));
    const ownParts = ownMessages.flatMap((message) => (parts.get(storageFileOf(pathOf(message))!.id) ?? []).sort(byName));
    return { main: sessions.get(root)!.file, subAgents: [...members.slice(1).map((id) => sessions.get(id)!.file), ...ownMessages, ...ownParts] };
  });
}
