// Worked hours at a timesheet's speed: the team members down, a year's months across, each cell
// the hours entered for exactly that month. Changed cells are checked here (numbers as the locale
// writes them), previewed by the server's dry run of an import of hours, and saved as one change
// (POST /folio/{id}/import/actuals, kind hours: a member's month is found by its period, so a
// month entered before is changed, not added twice). A refusal is shown at its cell.
import { useMemo, useState } from 'preact/hooks';
import { api } from '../api/budgets';
import { ApiError } from '../api/client';
import { refusalLines } from '../api/errors';
import type { Folio } from '../api/types';
import { base64Of } from '../lib/importMapping';
import type { PositionItem } from '../lib/items';
import { readNumber } from '../lib/numbers';
import { folioChanged } from '../lib/queries';
import * as fmt from '../lib/format';
import { announce } from '../state';
import { Card } from './ui';

/** A month's first and last day (`2026-03-01`, `2026-03-31`). */
export function monthSpan(month: string): [string, string] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return [`${month}-01`, `${month}-${String(last).padStart(2, '0')}`];
}

/** The months of `year` inside the folio's period. */
export function monthsOf(year: number, start: string, end: string): string[] {
  const months: string[] = [];
  for (let m = 1; m <= 12; m++) {
    const month = `${year}-${String(m).padStart(2, '0')}`;
    const [first, last] = monthSpan(month);
    if (last >= start && first <= end) months.push(month);
  }
  return months;
}

/** What a member's month holds: the hours of a period of exactly that month, or `blocked` when
 * another period overlaps it (entered by period below). */
export function cellOf(item: PositionItem, month: string): { hours: string; blocked: boolean } {
  const [first, last] = monthSpan(month);
  const live = item.hours.filter((h) => !h.deletedOn);
  const exact = live.find((h) => h.startDate === first && h.endDate === last);
  if (exact) return { hours: exact.effort, blocked: false };
  return { hours: '', blocked: live.some((h) => h.startDate <= last && h.endDate >= first) };
}

const key = (member: string, month: string) => `${member}|${month}`;

export function HoursGrid({ folio, people }: { folio: Folio; people: readonly PositionItem[] }) {
  const members = people.filter((p) => p.section === 'team');
  const years = useMemo(() => {
    const out: number[] = [];
    for (let y = Number(folio.startDate.slice(0, 4)); y <= Number(folio.endDate.slice(0, 4)); y++) out.push(y);
    return out;
  }, [folio.startDate, folio.endDate]);
  const [year, setYear] = useState(() => Math.min(Math.max(Number(fmt.today().slice(0, 4)), years[0]!), years[years.length - 1]!));
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [messages, setMessages] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const months = monthsOf(year, folio.startDate, folio.endDate);
  if (members.length === 0) return null;
  // A member is named in the file by name, or by user key when another has the same name.
  const nameOf = (p: PositionItem) =>
    members.filter((q) => q.position.name.trim().toLowerCase() === p.position.name.trim().toLowerCase()).length > 1 && p.position.member
      ? p.position.member
      : p.position.name;

  const changed = Object.entries(edits).filter(([k, v]) => {
    const [id, month] = k.split('|') as [string, string];
    const item = members.find((p) => p.position.id === id);
    return item !== undefined && v.trim() !== cellOf(item, month).hours;
  });

  const save = async () => {
    setMessages([]);
    const local: Record<string, string> = {};
    const rows: { cell: string; line: string }[] = [];
    for (const [k, v] of changed) {
      const [id, month] = k.split('|') as [string, string];
      const item = members.find((p) => p.position.id === id)!;
      const read = readNumber(v);
      if (!v.trim()) local[k] = 'Hours are needed: to remove a month, delete its period below';
      else if (!read.ok) local[k] = read.message;
      else if (read.negative) local[k] = `Hours must be 0 or more, got ${v.trim()}`;
      else {
        const [first, last] = monthSpan(month);
        rows.push({ cell: k, line: `${nameOf(item)}\t${first}\t${last}\t${read.text}` });
      }
    }
    setProblems(local);
    if (Object.keys(local).length || rows.length === 0) return;
    const text = `Team member\tFrom\tTo\tHours\n${rows.map((r) => r.line).join('\n')}\n`;
    const body = {
      kind: 'hours' as const,
      file: base64Of(new TextEncoder().encode(text)),
      fileName: 'the hours grid',
      columns: { person: 'Team member', from: 'From', until: 'To', hours: 'Hours' },
      decimalMark: 'point' as const,
    };
    setBusy(true);
    try {
      const preview = await api.importActuals(folio.id, body, true);
      if (Number(preview.refused) > 0) {
        const at: Record<string, string> = {};
        for (const line of preview.lines) {
          if (line.outcome !== 'refused') continue;
          const row = rows[Number(line.row) - 2];
          if (row) at[row.cell] = (line.refusals ?? []).map((r) => r.message).join('; ');
        }
        setProblems(at);
        return;
      }
      const done = await api.importActuals(folio.id, body, false);
      await folioChanged(folio.id);
      setEdits({});
      announce(`Hours saved: ${fmt.count(Number(done.created))} months added, ${fmt.count(Number(done.changed))} changed.`);
    } catch (e) {
      setMessages(e instanceof ApiError ? refusalLines(e.refusal) : [e instanceof Error ? e.message : String(e)]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title="Hours by month" busy={busy}>
      <p class="muted">
        The worked hours of each team member, a month to a cell; type over a month and save them all at once. A month entered as another period is changed
        below, in the member&rsquo;s periods.
      </p>
      <div class="form-actions start">
        <label>
          Year{' '}
          <select value={year} onChange={(e) => setYear(Number((e.target as HTMLSelectElement).value))}>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div class="table-scroll" tabIndex={0} role="region" aria-label="Hours by member and month">
        <table class="table compact hours-grid" data-testid="hours-grid">
          <thead>
            <tr>
              <th scope="col">Team member</th>
              {months.map((m) => (
                <th scope="col" key={m} class="num">
                  {fmt.bucketLabel(`${m}-01`, 'month')}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {members.map((p) => (
              <tr key={p.position.id} data-member={p.position.id}>
                <th scope="row">{p.position.name}</th>
                {months.map((m) => {
                  const cell = cellOf(p, m);
                  const k = key(p.position.id, m);
                  const problem = problems[k];
                  const label = `Hours of ${p.position.name} in ${fmt.bucketLabel(`${m}-01`, 'month')}`;
                  return (
                    <td key={m} class="num" data-month={m}>
                      <input
                        type="text"
                        inputMode="decimal"
                        size={5}
                        aria-label={label}
                        value={edits[k] ?? cell.hours}
                        disabled={cell.blocked || busy}
                        title={cell.blocked ? 'Entered as another period: change it in the periods below' : undefined}
                        aria-invalid={problem ? 'true' : undefined}
                        aria-describedby={problem ? `${k}-problem` : undefined}
                        onInput={(e) => setEdits({ ...edits, [k]: (e.target as HTMLInputElement).value })}
                      />
                      {problem ? (
                        <small class="error" id={`${k}-problem`}>
                          {problem}
                        </small>
                      ) : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {messages.length ? (
        <ul class="error" role="alert">
          {messages.map((m, i) => (
            <li key={i}>{m}</li>
          ))}
        </ul>
      ) : null}
      <div class="form-actions start">
        <button type="button" class="btn btn-primary" disabled={busy || changed.length === 0} onClick={() => void save()}>
          {changed.length ? `Save ${changed.length} month${changed.length === 1 ? '' : 's'}` : 'Save'}
        </button>
        {changed.length ? (
          <button
            type="button"
            class="btn"
            onClick={() => {
              setEdits({});
              setProblems({});
            }}
          >
            Undo the changes
          </button>
        ) : null}
      </div>
    </Card>
  );
}
