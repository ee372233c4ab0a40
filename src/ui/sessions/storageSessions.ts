import { groupStorageFiles, storageFileOf } from '../../scenarios/import/opencode/storagePath';
import { pathOf } from './dropPath';

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
  const { sessions: found, messagesOf, partsOf } = groupStorageFiles(files, pathOf);
  const sessions = new Map<string, { file: File; parent: string }>();
  for (const { id, item } of found) sessions.set(id, { file: item, parent: await parentOf(item) });
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
  const roots = [...sessions.keys()].filter((id) => rootOf(id) === id).sort();
  return roots.map((root) => {
    const members = [...sessions.keys()].filter((id) => rootOf(id) === root).sort((a, b) => (a === root ? -1 : b === root ? 1 : a < b ? -1 : 1));
    const ownMessages = members.flatMap((id) => messagesOf.get(id) ?? []);
    const ownParts = ownMessages.flatMap((message) => partsOf.get(storageFileOf(pathOf(message))!.id) ?? []);
    return { main: sessions.get(root)!.file, subAgents: [...members.slice(1).map((id) => sessions.get(id)!.file), ...ownMessages, ...ownParts] };
  });
}
