import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { dispatchRun, whyNoRun } from '../controller';
import { effectiveScenario, usePlayground } from '../store';
import { kindTraits } from '../../tools/kinds';
import { callableTools, type CallableTool } from './manualCall';
import { usePageServers } from './mcpConnections';
import { fieldsOf, initialValues, inputOf, type FieldValues, type SchemaField } from './schemaFields';

/**
 * "Call a tool by hand", as the MCP Inspector does: pick any tool of the pool (built-in or MCP),
 * fill a form made from its JSON Schema, and call it. The call is a run of its own through the
 * same pipeline (validation, permissions with the dialog, the executor), so it joins the timeline
 * and the record as a turn; it runs only when no run is going, on the workspace as it is now.
 */
export function ManualCallPanel() {
  const scenario = usePlayground((state) => state.scenario);
  const overrides = usePlayground((state) => state.overrides);
  const added = usePlayground((state) => state.addedAllowRules);
  const refusal = usePlayground((state) => whyNoRun(state));
  const servers = usePageServers((state) => state.servers);
  const settings = useMemo(() => effectiveScenario({ scenario, overrides, addedAllowRules: added })?.settings ?? null, [scenario, overrides, added]);
  const [tools, setTools] = useState<CallableTool[] | null>(null);
  const [chosen, setChosen] = useState('');
  const connectedNames = servers.filter((server) => server.state === 'connected').map((server) => server.name).join(' ');
  const section = useRef<HTMLElement>(null);
  const shown = useShown(section);

  // The list needs the registry and the MCP SDK: loaded once the panel is on screen, not with the page.
  useEffect(() => {
    if (!settings || !shown) return;
    let current = true;
    callableTools(settings).then(
      (list) => current && setTools(list),
      () => current && setTools([]),
    );
    return () => {
      current = false;
    };
  }, [settings, connectedNames, shown]);

  const tool = tools?.find((candidate) => candidate.name === chosen) ?? null;
  return (
    <section ref={section} className="manual-call" aria-label="Call a tool by hand" data-testid="manual-call">
      <h4>Call a tool by hand</h4>
      <p className="muted">
        Any tool of the pool, through the same pipeline as a model’s call (its permission ask opens the dialog). It runs when no run is going, on the workspace as
        it is now, and shows on the timeline as a run of one turn.
      </p>
      <label>
        <span>Tool</span>
        <select value={chosen} onChange={(event) => setChosen(event.target.value)} data-testid="manual-tool" disabled={tools === null}>
          <option value="">{tools === null ? 'Loading the pool…' : 'Choose a tool'}</option>
          {tools?.map((candidate) => (
            <option key={candidate.name} value={candidate.name}>
              {candidate.name} — {candidate.kind}, {candidate.readOnly ? 'read-only' : 'may change things'}
            </option>
          ))}
        </select>
      </label>
      {tool && <ToolForm key={tool.name} tool={tool} refusal={refusal} />}
    </section>
  );
}

/** Whether the element has been on screen at least once (its tab opened). */
function useShown(ref: RefObject<HTMLElement | null>): boolean {
  // Without IntersectionObserver (an old browser) it counts as shown at once.
  const [shown, setShown] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (!element || shown || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setShown(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, shown]);
  return shown;
}

function ToolForm({ tool, refusal }: { tool: CallableTool; refusal: string | null }) {
  const fields = useMemo(() => fieldsOf(tool.schema), [tool.schema]);
  const [values, setValues] = useState<FieldValues>(() => (fields ? initialValues(fields) : { '': '{}' }));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const call = () => {
    const read = fields ? inputOf(fields, values) : inputOf([{ name: '', kind: 'json', required: true, initial: '{}', hint: 'object' }], values);
    if (!read.ok) {
      setProblems(read.problems);
      return;
    }
    setProblems({});
    const input = fields ? read.input : ((read.input[''] ?? {}) as Record<string, unknown>);
    dispatchRun({ kind: 'manual', toolName: tool.name, input });
  };
  return (
    <form
      className="manual-form"
      data-testid="manual-form"
      data-tool={tool.name}
      onSubmit={(event) => {
        event.preventDefault();
        call();
      }}
    >
      <p className="manual-safety" data-testid="manual-safety" data-kind={tool.kind} title={kindTraits(tool.kind).does}>
        {tool.server ? `MCP server ${tool.server} · ` : ''}
        {tool.kind} · 
        {tool.readOnly ? 'read-only' : 'may change things'} · {tool.concurrencySafe ? 'runs beside other safe calls' : 'runs alone'}
      </p>
      <details>
        <summary>What the model is told</summary>
        <p className="manual-description">{tool.description}</p>
      </details>
      {fields === null ? (
        <FieldInput field={{ name: '', kind: 'json', required: true, initial: '{}', hint: 'object' }} label="Input (JSON)" values={values} setValues={setValues} problem={problems['']} />
      ) : fields.length === 0 ? (
        <p className="muted">This tool takes no input.</p>
      ) : (
        fields.map((field) => <FieldInput key={field.name} field={field} label={field.name} values={values} setValues={setValues} problem={problems[field.name]} />)
      )}
      <button type="submit" className="primary" disabled={refusal !== null} title={refusal ?? `Call ${tool.name}`} data-testid="manual-call-button">
        Call {tool.name}
      </button>
      {refusal !== null && <p className="muted">Not now: {refusal}.</p>}
    </form>
  );
}

function FieldInput(props: { field: SchemaField; label: string; values: FieldValues; setValues: (change: (values: FieldValues) => FieldValues) => void; problem: string | undefined }) {
  const { field, values, setValues, problem } = props;
  const value = values[field.name] ?? '';
  const set = (next: string) => setValues((current) => ({ ...current, [field.name]: next }));
  const id = `manual-field-${field.name || 'input'}`;
  const label = (
    <span>
      {props.label}
      {field.required ? ' *' : ''}
      {field.kind === 'json' ? ` (${field.hint ?? 'JSON'}, as JSON)` : ''}
    </span>
  );
  let control;
  if (field.kind === 'boolean' && field.required) {
    control = <input id={id} type="checkbox" checked={value === 'true'} onChange={(event) => set(event.target.checked ? 'true' : '')} />;
  } else if (field.kind === 'boolean' || field.kind === 'enum') {
    const choices = field.kind === 'boolean' ? ['true', 'false'] : (field.choices ?? []).map(String);
    control = (
      <select id={id} value={value} onChange={(event) => set(event.target.value)}>
        {!field.required || value === '' ? <option value="">{field.required ? 'Choose' : '(leave out)'}</option> : null}
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </select>
    );
  } else if (field.kind === 'json') {
    control = <textarea id={id} rows={3} spellCheck={false} value={value} onChange={(event) => set(event.target.value)} />;
  } else {
    control = <input id={id} type={field.kind === 'string' ? 'text' : 'number'} step={field.kind === 'integer' ? 1 : 'any'} spellCheck={false} value={value} onChange={(event) => set(event.target.value)} />;
  }
  return (
    <div className={`manual-field manual-field--${field.kind}`} data-field={field.name}>
      <label htmlFor={id}>{label}</label>
      {control}
      {field.description && <p className="muted manual-hint">{field.description}</p>}
      {problem && (
        <p className="manual-problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
