// Cost lines (S9.12) as the planner orders, exports and links them. Every figure is the server's
// exact string: lines are ordered by exact comparison, the CSV writes the strings as given, and
// nothing is added up here (the subtotals and the total are the server's).
import type { CostLine, FolioLines, LineGrouping } from '../api/types';
import { compare } from './decimal';

/** The groupings a controller chooses from, as the screen names them. */
export const GROUPINGS: readonly { value: LineGrouping; label: string }[] = [
  { value: 'none', label: 'No grouping' },
  { value: 'account', label: 'Cost account' },
  { value: 'category', label: 'Category' },
  { value: 'kind', label: 'Positions and expenses' },
];

/** How the lines are ordered: as the server groups them, or the largest overrun first. */
export type LineOrder = 'group' | 'variance';

/** Whether `value` names a grouping. */
export function groupingOf(value: string): LineGrouping {
  const found = GROUPINGS.find((g) => g.value === value);
  return found ? found.value : 'none';
}

/**
 * The lines in `order`: the server's order (by group, planned first), or by variance at
 * completion from the largest overrun (the most negative) to the largest underrun, ties by name.
 */
export function ordered(lines: readonly CostLine[], order: LineOrder): CostLine[] {
  if (order === 'group') return [...lines];
  return [...lines].sort((a, b) => compare(a.figures.vac, b.figures.vac) || a.name.localeCompare(b.name));
}

/** A CSV field: quoted when it holds a comma, a quote or a line break; quotes doubled. */
function field(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const STATUS_WORDS = { green: 'within budget', amber: 'over budget, within tolerance', red: 'over budget beyond tolerance', grey: 'nothing to judge' } as const;

/**
 * The lines as CSV, one row per line: its group, name, whether planned, what realises it, the
 * currency and the server's figures as given (budget, plan, actual, scheduled, forecast, the
 * variances and their percentages) and its light in words.
 */
export function linesCsv(answer: FolioLines): string {
  const groupName = new Map(answer.groups.map((g) => [g.key, g.name]));
  const header = [
    'Group',
    'Line',
    'Item',
    'Planned',
    'Complete',
    'Realised by',
    'Currency',
    'Budget',
    'Plan',
    'Actual to date',
    'Scheduled',
    'Forecast',
    'Variance at completion',
    'Variance %',
    'Plan left',
    'Plan left %',
    'Status',
  ];
  const rows = answer.lines.map((l) => {
    const f = l.figures;
    return [
      groupName.get(l.group) ?? '',
      l.name,
      `${l.itemKind} ${l.itemId}`,
      l.planned ? 'yes' : 'no',
      l.complete ? 'yes' : 'no',
      l.realisedBy.map((r) => r.name).join('; '),
      answer.currencyCode,
      f.budget,
      f.plan,
      f.actual,
      f.scheduled,
      f.forecast,
      f.vac,
      f.vacPercent ?? '',
      f.planVariance,
      f.planVariancePercent ?? '',
      STATUS_WORDS[f.status],
    ];
  });
  return [header, ...rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
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
