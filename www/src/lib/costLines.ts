// Cost lines (S9.12) as the planner offers them: the groupings a controller chooses from, and the
// planned item an actual one most likely realises. The lines, their order, subtotals, totals and
// CSV are the server's.
import type { LineGrouping } from '../api/types';

/** The groupings a controller chooses from, as the screen names them. */
export const GROUPINGS: readonly { value: LineGrouping; label: string }[] = [
  { value: 'none', label: 'No grouping' },
  { value: 'account', label: 'Cost account' },
  { value: 'category', label: 'Category' },
  { value: 'kind', label: 'Positions and expenses' },
];

/** The grouping `value` names; none for anything else. */
export function groupingOf(value: string): LineGrouping {
  const found = GROUPINGS.find((g) => g.value === value);
  return found ? found.value : 'none';
}

/** A planned item an actual one may realise: its id and name. */
export interface Realisable {
  id: string;
  name: string;
}

/**
 * The planned item an actual one named `name` most likely realises: the one of the same name
 * (ignoring case and spaces around), else the one whose name begins `name` followed by a
 * separator ("Steel deck" for "Steel deck, first invoice"), the longest such; none when nothing
 * fits.
 */
export function suggestRealised(name: string, planned: readonly Realisable[]): Realisable | undefined {
  const key = name.trim().toLocaleLowerCase();
  if (!key) return undefined;
  const same = planned.find((p) => p.name.trim().toLocaleLowerCase() === key);
  if (same) return same;
  let best: Realisable | undefined;
  for (const p of planned) {
    const start = p.name.trim().toLocaleLowerCase();
    if (!start || !key.startsWith(start)) continue;
    const next = key.charAt(start.length);
    if (!/[\s,;:(–-]/.test(next)) continue;
    if (!best || start.length > best.name.trim().length) best = p;
  }
  return best;
}
