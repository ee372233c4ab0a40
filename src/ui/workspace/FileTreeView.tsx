import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { defaultCollapsed, folderPathsOf, foldersContaining, visibleRows, type TreeNode, type TreeRow } from './fileTree';

/** How a file differs after the run, told by a letter as well as a colour. */
export type FileMark = 'changed' | 'added' | 'deleted';

const MARK_LETTER: Record<FileMark, string> = { changed: 'M', added: 'A', deleted: 'D' };

interface FileTreeViewProps {
  /** The files as a tree (`buildFileTree`): the pane builds it once for this view and its default selection. */
  tree: readonly TreeNode[];
  marks: ReadonlyMap<string, FileMark>;
  selected: string | undefined;
  onSelect: (path: string) => void;
}

/**
 * The workspace's files as an ARIA tree: folders collapse, arrow keys move (roving tab stop),
 * Enter or Space opens. Files the run touched carry a letter mark; folders holding them a dot.
 */
export function FileTreeView({ tree, marks, selected, onSelect }: FileTreeViewProps) {
  const changedFolders = useMemo(() => foldersContaining(marks.keys()), [marks]);
  // Folders the user opened or closed, against how the tree starts: as deep as fits (see
  // defaultCollapsed), with the selected file's folders open.
  const [toggled, setToggled] = useState<ReadonlySet<string>>(new Set());
  const closedAtFirst = useMemo(() => defaultCollapsed(tree), [tree]);
  const collapsed = useMemo(() => {
    const base = new Set(closedAtFirst);
    if (selected !== undefined) for (const folder of folderPathsOf(selected)) base.delete(folder);
    const closed = new Set([...base].filter((path) => !toggled.has(path)));
    for (const path of toggled) if (!base.has(path)) closed.add(path);
    return closed;
  }, [closedAtFirst, toggled, selected]);
  const [focused, setFocused] = useState<string | undefined>(undefined);
  const rows = visibleRows(tree, collapsed);
  const listRef = useRef<HTMLUListElement>(null);
  const focusPath = rows.some((r) => r.node.path === focused) ? focused : (selected ?? rows[0]?.node.path);

  const toggle = (path: string, open?: boolean) => {
    const isOpen = !collapsed.has(path);
    if ((open ?? !isOpen) === isOpen) return;
    setToggled((current) => {
      const next = new Set(current);
      if (next.has(path)) next.delete(path);
      else next.add(path);
      return next;
    });
  };

  const moveFocus = (row: TreeRow | undefined) => {
    if (!row) return;
    setFocused(row.node.path);
    listRef.current?.querySelector<HTMLElement>(`[data-path="${CSS.escape(row.node.path)}"]`)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const index = rows.findIndex((r) => r.node.path === focusPath);
    const row = rows[index];
    if (!row) return;
    const { node } = row;
    const isOpenFolder = node.kind === 'folder' && !collapsed.has(node.path);
    switch (event.key) {
      case 'ArrowDown':
        moveFocus(rows[index + 1]);
        break;
      case 'ArrowUp':
        moveFocus(rows[index - 1]);
        break;
      case 'Home':
        moveFocus(rows[0]);
        break;
      case 'End':
        moveFocus(rows.at(-1));
        break;
      case 'ArrowRight':
        if (node.kind === 'folder' && !isOpenFolder) toggle(node.path, true);
        else if (isOpenFolder && rows[index + 1]?.level === row.level + 1) moveFocus(rows[index + 1]);
        break;
      case 'ArrowLeft':
        if (isOpenFolder) toggle(node.path, false);
        else moveFocus(rows.slice(0, index).findLast((r) => r.level === row.level - 1));
        break;
      case 'Enter':
      case ' ':
        if (node.kind === 'folder') toggle(node.path);
        else onSelect(node.path);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  if (rows.length === 0) return <p className="workspace-empty">No files.</p>;

  return (
    <ul ref={listRef} className="file-tree" role="tree" aria-label="Workspace files" data-testid="file-tree" onKeyDown={onKeyDown}>
      {rows.map(({ node, level }) => {
        const isFolder = node.kind === 'folder';
        const open = isFolder && !collapsed.has(node.path);
        const mark = isFolder ? undefined : marks.get(node.path);
        return (
          <li
            key={`${node.kind}:${node.path}`}
            role="treeitem"
            aria-level={level}
            aria-expanded={isFolder ? open : undefined}
            aria-selected={isFolder ? undefined : node.path === selected}
            tabIndex={node.path === focusPath ? 0 : -1}
            data-path={node.path}
            data-mark={mark}
            className={`file-tree-row${isFolder ? ' is-folder' : ''}${node.path === selected ? ' is-selected' : ''}`}
            style={{ paddingLeft: `${(level - 1) * 12 + 6}px` }}
            onFocus={() => setFocused(node.path)}
            onClick={() => (isFolder ? toggle(node.path) : onSelect(node.path))}
          >
            <span className="file-tree-twisty" aria-hidden="true">
              {isFolder ? (open ? '▾' : '▸') : ''}
            </span>
            <span className="file-tree-name">{node.name}</span>
            {mark && (
              <span className="file-tree-mark" title={mark}>
                <span aria-hidden="true">{MARK_LETTER[mark]}</span>
                <span className="visually-hidden">({mark})</span>
              </span>
            )}
            {isFolder && changedFolders.has(node.path) && (
              <span className="file-tree-mark is-folder-mark" title="holds changed files">
                <span aria-hidden="true">•</span>
                <span className="visually-hidden">(holds changed files)</span>
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
