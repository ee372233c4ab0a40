import { useEffect, useEffectEvent, useMemo, useRef, useState, type FormEvent } from 'react';
import { LazyCodeEditor, LazyDiffEditor } from '../monaco';
import { createEditDebouncer, type EditDebouncer } from './editDebouncer';
import { buildFileTree, visibleRows, type TreeNode } from './fileTree';
import { FileTreeView, type FileMark } from './FileTreeView';
import { languageOf } from './languageOf';
import './workspace.css';

/** A file's content before and after the run. */
export interface FileDiff {
  before: string;
  after: string;
}

export interface WorkspaceProps {
  /** The workspace's files by path (`src/a.ts`). */
  files: Record<string, string>;
  /** Paths the run changed; a changed path missing from `files` was deleted. */
  changedPaths: ReadonlySet<string>;
  diffs: Record<string, FileDiff>;
  /** Whether the user may edit, create and delete files (before a run). */
  editable: boolean;
  onEdit?: (path: string, content: string) => void;
  onCreate?: (path: string) => void;
  onDelete?: (path: string) => void;
}

/** Milliseconds of quiet before an edit is reported; blur, file switch and unmount report at once. */
const EDIT_DELAY_MS = 250;

/**
 * The workspace pane: the file tree, and Monaco on the selected file, or its diff (before →
 * after) when "diff" is on. Edits are reported through `onEdit`, lightly debounced but flushed
 * on blur, on switching file, when editing ends and on unmount, so none is lost.
 */
export function Workspace({ files, changedPaths, diffs, editable, onEdit, onCreate, onDelete }: WorkspaceProps) {
  const marks = useMemo(() => marksOf(files, changedPaths, diffs), [files, changedPaths, diffs]);
  const paths = useMemo(() => [...new Set([...Object.keys(files), ...marks.keys()])], [files, marks]);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const [showDiff, setShowDiff] = useState(false);
  const tree = useMemo(() => buildFileTree(paths), [paths]);
  const fallback = useMemo(() => defaultSelection(tree, marks), [tree, marks]);
  const selected = chosen !== undefined && paths.includes(chosen) ? chosen : fallback;

  const commit = useEffectEvent((path: string, content: string) => onEdit?.(path, content));
  const debouncer = useRef<EditDebouncer | null>(null);
  useEffect(() => {
    const created = createEditDebouncer((path, content) => commit(path, content), EDIT_DELAY_MS);
    debouncer.current = created;
    return () => {
      created.flush();
      debouncer.current = null;
    };
  }, []);
  useEffect(() => {
    if (!editable) debouncer.current?.flush();
  }, [editable]);
  const flush = () => debouncer.current?.flush();

  const select = (path: string) => {
    flush();
    setChosen(path);
  };
  const remove = (path: string) => {
    debouncer.current?.discard(path);
    onDelete?.(path);
  };

  const content = selected !== undefined ? files[selected] : undefined;
  const diff = selected !== undefined ? diffs[selected] : undefined;
  const viewingDiff = diff !== undefined && (showDiff || content === undefined);
  const mark = selected !== undefined ? marks.get(selected) : undefined;

  return (
    <section className="workspace" aria-label="Workspace">
      <nav className="workspace-files" aria-label="Files">
        <header className="workspace-bar">
          <h2 className="workspace-title">Files</h2>
          {editable && onCreate && <NewFileForm exists={(path) => path in files} onCreate={(path) => {
                onCreate(path);
                setChosen(path);
              }} />}
        </header>
        <FileTreeView tree={tree} marks={marks} selected={selected} onSelect={select} />
      </nav>
      <div className="workspace-main">
        <header className="workspace-bar">
          <span className="workspace-path mono" title={selected}>
            {selected ?? 'No file selected'}
          </span>
          {mark && <span className={`workspace-mark is-${mark}`}>{mark}</span>}
          <span className="workspace-actions">
            {diff !== undefined && content !== undefined && (
              <button type="button" aria-pressed={showDiff} onClick={() => setShowDiff((on) => !on)} title="Show the run's changes: before → after">
                diff
              </button>
            )}
            {editable && onDelete && selected !== undefined && content !== undefined && (
              <button type="button" onClick={() => remove(selected)} aria-label={`Delete ${selected}`}>
                Delete
              </button>
            )}
          </span>
        </header>
        <div className="workspace-editor" data-testid="editor" data-view={viewingDiff ? 'diff' : 'code'} onBlur={flush}>
          {selected === undefined ? (
            <p className="workspace-empty">Select a file.</p>
          ) : viewingDiff ? (
            <LazyDiffEditor original={diff.before} modified={diff.after} language={languageOf(selected)} testId="diff-editor" />
          ) : content !== undefined ? (
            <LazyCodeEditor
              value={content}
              language={languageOf(selected)}
              path={selected}
              readOnly={!editable}
              onChange={(text) => debouncer.current?.edit(selected, text)}
              testId="code-editor"
            />
          ) : (
            <p className="workspace-empty">This file was deleted.</p>
          )}
        </div>
      </div>
    </section>
  );
}

function NewFileForm({ exists, onCreate }: { exists: (path: string) => boolean; onCreate: (path: string) => void }) {
  const [open, setOpen] = useState(false);
  const [path, setPath] = useState('');
  const trimmed = path.trim().replace(/^\/+/, '');
  const problem = trimmed === '' ? undefined : exists(trimmed) ? 'A file with this path exists.' : trimmed.endsWith('/') ? 'Name the file, not a folder.' : undefined;

  if (!open) {
    return (
      <button type="button" onClick={() => setOpen(true)}>
        New file
      </button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed === '' || problem) return;
    onCreate(trimmed);
    setPath('');
    setOpen(false);
  };
  return (
    <form className="workspace-new-file" onSubmit={submit}>
      <input
        type="text"
        className="mono"
        aria-label="New file path"
        placeholder="src/new.ts"
        autoFocus
        value={path}
        aria-invalid={problem !== undefined}
        aria-describedby={problem ? 'workspace-new-file-problem' : undefined}
        onChange={(e) => setPath(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setOpen(false);
        }}
      />
      <button type="submit" disabled={trimmed === '' || problem !== undefined}>
        Create
      </button>
      {problem && (
        <span id="workspace-new-file-problem" className="workspace-problem" role="alert">
          {problem}
        </span>
      )}
    </form>
  );
}

/** Marks of the paths the run touched: deleted (gone from `files`), added (no text before), changed. */
function marksOf(files: Record<string, string>, changed: ReadonlySet<string>, diffs: Record<string, FileDiff>): Map<string, FileMark> {
  const marks = new Map<string, FileMark>();
  for (const path of changed) {
    const mark: FileMark = !(path in files) ? 'deleted' : diffs[path]?.before === '' ? 'added' : 'changed';
    marks.set(path, mark);
  }
  return marks;
}

/** The first changed file in tree order, else the first file. */
function defaultSelection(tree: readonly TreeNode[], marks: ReadonlyMap<string, FileMark>): string | undefined {
  const files = visibleRows(tree, new Set()).flatMap((r) => (r.node.kind === 'file' ? [r.node.path] : []));
  return files.find((p) => marks.has(p) && marks.get(p) !== 'deleted') ?? files[0];
}
