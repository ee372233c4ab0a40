import { callLabel, keepEnd, safeJson, summaryField } from './callText';
import { isPathLike, shortName } from './labelPlacement';
import type { Lane } from './laneLayout';
import type { CallRecord } from '../../run/record';

// A run's record shares unchanged call objects between snapshots: each label is made once per
// column width, not on every update of a run (the labels are worked out on every one).
const plainLabels = new WeakMap<CallRecord, LaneLabel & { readonly max: number }>();

/** The call's label shortened to `max` characters, before any clash is told apart. */
function plainLabel(call: CallRecord, max: number): LaneLabel {
  let label = plainLabels.get(call);
  if (label?.max !== max) {
    const full = label?.full ?? callLabel(call);
    plainLabels.set(call, (label = { full, shown: shortName(full, max), max }));
  }
  return label;
}

// What makes two calls the same call for a label: tool and input (made only for labels that clash).
const identities = new WeakMap<CallRecord, string>();

function identity(lane: Lane): string {
  let made = identities.get(lane.call);
  if (made === undefined) identities.set(lane.call, (made = `${lane.call.name}\u0000${safeJson(lane.call.input)}`));
  return made;
}

/** A label that says what tells a call apart keeps at least this much of its name before it. */
const MIN_NAME_CHARS = 12;

/** What a lane's label column shows, and its whole text for hover and focus. */
export interface LaneLabel {
  readonly shown: string;
  readonly full: string;
}

/** The input fields whose values differ between the calls, in the first call's order. */
function differingFields(inputs: readonly unknown[]): string[] {
  const first = inputs[0];
  if (first === null || typeof first !== 'object') return [];
  const keys = new Set<string>();
  for (const input of inputs) if (input !== null && typeof input === 'object') for (const key of Object.keys(input)) keys.add(key);
  return [...keys].filter((key) => new Set(inputs.map((input) => safeJson((input as Record<string, unknown> | null)?.[key]))).size > 1);
}

/**
 * What tells a call apart in at most `max` characters, or `undefined` when nothing short does: the
 * end of its summary field when that is what differs (the file, the command's last words), or a
 * short scalar field whole (`offset 120`); a long text or a list cut short would say nothing.
 */
function fieldText(input: unknown, key: string, max: number): string | undefined {
  const value = input !== null && typeof input === 'object' ? (input as Record<string, unknown>)[key] : undefined;
  if (key === summaryField(input) && typeof value === 'string') return keepEnd(value, max);
  const scalar = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
  const text = value === undefined ? `no ${key}` : scalar ? `${key} ${String(value)}` : undefined;
  return text !== undefined && !text.includes('\n') && [...text].length <= max ? text : undefined;
}

/**
 * The labels of the lanes for a label column `chars` characters wide. Each keeps the tool and the
 * part that tells calls apart (the file name, the command's first words); where two calls with
 * different inputs would still read the same, the label ends with what differs (`· offset 120`),
 * and as a last resort with its place among them (`#2`): no two different calls share a label.
 */
export function laneLabels(lanes: readonly Lane[], chars: number): Map<string, LaneLabel> {
  const labels = new Map<string, LaneLabel>();
  const byShown = new Map<string, Lane[]>();
  for (const lane of lanes) {
    const { shown, full } = plainLabel(lane.call, Math.max(8, chars - lane.depth * 2));
    labels.set(lane.call.id, { shown, full });
    const same = byShown.get(shown);
    if (same) same.push(lane);
    else byShown.set(shown, [lane]);
  }
  const budget = Math.max(8, Math.floor(chars * 0.45));
  for (const same of byShown.values()) {
    if (same.length < 2 || new Set(same.map(identity)).size < 2) continue;
    // The first field that every one of them can show, the summary's own first when that is what
    // differs; with none, they are numbered below.
    const differing = differingFields(same.map((lane) => lane.call.input));
    const summary = summaryField(same[0]!.call.input);
    const fields = summary !== undefined && differing.includes(summary) ? [summary, ...differing.filter((field) => field !== summary)] : differing;
    let details: (string | undefined)[] = [];
    let fromSummary = false;
    for (const field of fields) {
      fromSummary = field === summary;
      // A path's end is what the short label keeps already: saying it again tells nothing more.
      if (fromSummary && same.every((lane) => isPathLike(String((lane.call.input as Record<string, unknown>)[field])))) continue;
      details = same.map((lane) => fieldText(lane.call.input, field, budget));
      if (details.every((detail) => detail !== undefined)) break;
    }
    if (details.length === 0 || details.some((detail) => detail === undefined)) continue;
    // What differs goes after a name still worth reading (the tool and a little of its subject); in
    // a column too narrow for both, the calls are numbered below instead.
    if (same.some((lane, i) => chars - lane.depth * 2 - [...` · ${details[i]!}`].length < MIN_NAME_CHARS)) continue;
    for (const [i, lane] of same.entries()) {
      const { full } = labels.get(lane.call.id)!;
      const detail = details[i]!;
      const suffix = ` · ${detail}`;
      const shown = `${shortName(full, Math.max(8, chars - lane.depth * 2 - [...suffix].length))}${suffix}`;
      labels.set(lane.call.id, { shown, full: fromSummary ? full : `${full}${suffix}` });
    }
  }
  // What still reads the same for different inputs (here or across groups) is numbered: `#2`, `#3`.
  const lanesOfText = new Map<string, Lane[]>();
  for (const lane of lanes) {
    const { shown } = labels.get(lane.call.id)!;
    const same = lanesOfText.get(shown);
    if (same) same.push(lane);
    else lanesOfText.set(shown, [lane]);
  }
  for (const same of lanesOfText.values()) {
    if (same.length < 2 || new Set(same.map(identity)).size < 2) continue;
    // First, from where their whole labels part: `…get_weather(…` and `…get_time(…` for two MCP
    // tools a narrow column cut to `mcp__de…`.
    const parted = fromWhereTheyPart(same, labels, chars);
    if (parted) {
      for (const [id, shown] of parted) labels.set(id, { ...labels.get(id)!, shown });
      continue;
    }
    const order: string[] = [];
    for (const lane of same) {
      if (!order.includes(identity(lane))) order.push(identity(lane));
      const place = order.indexOf(identity(lane)) + 1;
      if (place === 1) continue;
      const label = labels.get(lane.call.id)!;
      const suffix = ` #${place}`;
      labels.set(lane.call.id, { ...label, shown: `${shortName(label.shown, Math.max(4, chars - lane.depth * 2 - suffix.length))}${suffix}` });
    }
  }
  return labels;
}

/** Characters kept before the point where clashing labels part, so the differing part reads in context. */
const PARTING_CONTEXT = 3;

/** How many first characters `a` and `b` share. */
function sharedStart(a: readonly string[], b: readonly string[]): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/**
 * Each lane's label from just before the point where it parts from the label most like it (its
 * neighbours when the group's labels are sorted), cut to the column: among thirty `exec(const r =
 * await tools.exec_command({"cmd":…` calls each shows its own command. `undefined` when that still
 * leaves two different calls reading the same.
 */
function fromWhereTheyPart(same: readonly Lane[], labels: ReadonlyMap<string, LaneLabel>, chars: number): Map<string, string> | undefined {
  const distinct = [...new Set(same.map((lane) => labels.get(lane.call.id)!.full))].sort();
  const parts = new Map<string, number>();
  for (const [i, full] of distinct.entries()) {
    const own = [...full];
    const near = [distinct[i - 1], distinct[i + 1]].filter((other) => other !== undefined).map((other) => sharedStart(own, [...other]));
    parts.set(full, Math.max(0, ...near));
  }
  const parted = new Map<string, string>();
  const byText = new Map<string, string>();
  for (const lane of same) {
    const full = labels.get(lane.call.id)!.full;
    const room = Math.max(4, chars - lane.depth * 2);
    const from = Math.max(0, parts.get(full)! - PARTING_CONTEXT);
    const rest = [...full].slice(from);
    const lead = from > 0 ? '…' : '';
    const shown = `${lead}${rest.length > room - lead.length ? `${rest.slice(0, room - lead.length - 1).join('')}…` : rest.join('')}`;
    const other = byText.get(shown);
    if (other !== undefined && other !== identity(lane)) return undefined;
    byText.set(shown, identity(lane));
    parted.set(lane.call.id, shown);
  }
  return parted;
}
