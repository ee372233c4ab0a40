import { useMemo } from 'react';
import { causeLinks } from '../../run/causeLinks';
import type { RunRecord } from '../../run/record';
import type { DrawnLink } from './CauseLayer';
import type { RowRange } from './layout';
import type { Lane } from './laneLayout';

/**
 * The causes the timeline draws: of every lane for a short run; for a long one, of the lanes in
 * view and of the lane chosen or looked at only. Background shells add the arrow from the call
 * that started each.
 */
export function useDrawnCauses(record: RunRecord, lanes: readonly Lane[], range: RowRange, virtualised: boolean, looked: readonly (string | undefined)[]) {
  const [chosenId, hoveredId] = looked;
  const causesOf = useMemo(() => {
    if (!virtualised) return undefined;
    const ids = lanes.slice(range.first, Math.min(range.end, lanes.length)).map((lane) => lane.call.id);
    for (const id of [chosenId, hoveredId]) if (id !== undefined) ids.push(id);
    return new Set(ids);
  }, [lanes, virtualised, range.first, range.end, chosenId, hoveredId]);
  const causes = useMemo(() => causeLinks(record, causesOf), [record, causesOf]);
  const links = useMemo((): DrawnLink[] => {
    if (record.background.length === 0) return causes;
    const spawns: DrawnLink[] = record.background.map((shell) => ({ kind: 'spawn', from: shell.startedBy, to: `shell:${shell.id}`, at: shell.startedAt, open: false }));
    return [...causes, ...spawns];
  }, [causes, record.background]);
  return { causes, links };
}
