/**
 * The files of a drop, folders walked: a dropped session folder gives its log and its
 * `subagents/agent-*.jsonl`, each named by its path inside the drop.
 */
export async function droppedFiles(transfer: DataTransfer): Promise<File[]> {
  const entries = [...transfer.items].map((item) => item.webkitGetAsEntry?.()).filter((entry): entry is FileSystemEntry => entry != null);
  if (entries.length === 0) return [...transfer.files];
  const files: File[] = [];
  for (const entry of entries) await collect(entry, '', files);
  return files;
}

async function collect(entry: FileSystemEntry, folder: string, into: File[]): Promise<void> {
  const path = `${folder}${entry.name}`;
  if (entry.isFile) {
    const file = await new Promise<File>((done, fail) => (entry as FileSystemFileEntry).file(done, fail));
    // Keep the path inside the drop where the importer needs it (a sub-agent's log under subagents/).
    into.push(folder === '' ? file : new File([file], path, { type: file.type, lastModified: file.lastModified }));
    return;
  }
  if (!entry.isDirectory) return;
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((done, fail) => reader.readEntries(done, fail));
    if (batch.length === 0) break;
    for (const child of batch) await collect(child, `${path}/`, into);
  }
}
