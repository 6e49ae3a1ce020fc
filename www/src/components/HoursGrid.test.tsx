/** @vitest-environment happy-dom */
// The hours grid: a member's month is the hours of a period of exactly that month; a month that
// another period overlaps cannot be typed over; changed months are checked here, previewed by the
// server's dry run (a refusal lands at its cell) and saved as one import of hours.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { renderInPlanner } from '../test/render';
import { fakeServer } from '../test/server';
import { FOLIO, items } from '../test/fixtures';
import { cellOf, HoursGrid, monthSpan, monthsOf } from './HoursGrid';
import type { PositionItem } from '../lib/items';

function ada(): PositionItem {
  const item = items().positions[0]!;
  const hours: PositionItem['hours'] = [
    { id: '1', startDate: '2027-01-01', endDate: '2027-01-31', effort: '152.5', otEffort: '0' },
    { id: '2', startDate: '2027-02-10', endDate: '2027-03-05', effort: '60', otEffort: '0' },
  ];
  return { ...item, hours };
}

const report = (dryRun: boolean, refused: boolean) =>
  `{"success":{"dryRun":${dryRun},"rows":2,"created":${refused ? 1 : 2},"changed":0,"unchanged":0,"refused":${refused ? 1 : 0},"decimalMark":"point","header":["Team member","From","To","Hours"],"lines":[{"row":2,"outcome":"create"},${
    refused
      ? '{"row":3,"outcome":"refused","refusals":[{"column":"Hours","value":"9999","message":"hours must be at most 744 in a month"}]}'
      : '{"row":3,"outcome":"create"}'
  }],"more":0}}`;

describe('HoursGrid', () => {
  it('knows a month’s days and the months of a year inside the folio', () => {
    expect(monthSpan('2027-02')).toEqual(['2027-02-01', '2027-02-28']);
    expect(monthSpan('2028-02')).toEqual(['2028-02-01', '2028-02-29']);
    expect(monthsOf(2027, '2027-01-04', '2027-03-15')).toEqual(['2027-01', '2027-02', '2027-03']);
  });

  it('reads a month from a period of exactly that month; another period blocks it', () => {
    expect(cellOf(ada(), '2027-01')).toEqual({ hours: '152.5', blocked: false });
    expect(cellOf(ada(), '2027-02')).toEqual({ hours: '', blocked: true });
    expect(cellOf(ada(), '2027-04')).toEqual({ hours: '', blocked: false });
  });

  it('checks typed months here, then places the dry run’s refusal at its cell, sending no real run', async () => {
    const sent = fakeServer((r) => ({ body: report(r.path.endsWith('dryRun=true'), true) }));
    renderInPlanner(<HoursGrid folio={FOLIO} people={[ada()]} />);
    expect(screen.getByLabelText<HTMLInputElement>('Hours of Ada Lovelace in Feb 2027').disabled).toBe(true);
    fireEvent.input(screen.getByLabelText('Hours of Ada Lovelace in Apr 2027'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save 1 month' }));
    expect(screen.getByLabelText('Hours of Ada Lovelace in Apr 2027').getAttribute('aria-invalid')).toBe('true');
    expect(sent.filter((s) => s.method === 'POST')).toEqual([]);
    fireEvent.input(screen.getByLabelText('Hours of Ada Lovelace in Apr 2027'), { target: { value: '1,160' } });
    fireEvent.input(screen.getByLabelText('Hours of Ada Lovelace in May 2027'), { target: { value: '9999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save 2 months' }));
    await waitFor(() => expect(screen.getByLabelText('Hours of Ada Lovelace in May 2027').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('hours must be at most 744 in a month')).toBeTruthy();
    const posts = sent.filter((s) => s.method === 'POST');
    expect(posts.map((s) => s.path)).toEqual(['/budgets/1/folio/1/import/actuals?dryRun=true']);
    const body = JSON.parse(posts[0]!.body!) as { file: string; kind: string };
    expect(body.kind).toBe('hours');
    expect(atob(body.file)).toBe('Team member\tFrom\tTo\tHours\nAda Lovelace\t2027-04-01\t2027-04-30\t1160\nAda Lovelace\t2027-05-01\t2027-05-31\t9999\n');
  });

  it('saves the months as one import once the dry run refuses nothing', async () => {
    const sent = fakeServer((r) => ({ body: report(r.path.endsWith('dryRun=true'), false) }));
    renderInPlanner(<HoursGrid folio={FOLIO} people={[ada()]} />);
    fireEvent.input(screen.getByLabelText('Hours of Ada Lovelace in Jan 2027'), { target: { value: '160' } });
    fireEvent.input(screen.getByLabelText('Hours of Ada Lovelace in Apr 2027'), { target: { value: '120.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save 2 months' }));
    await waitFor(() => expect(sent.filter((s) => s.path.endsWith('dryRun=false'))).toHaveLength(1));
  });
});
