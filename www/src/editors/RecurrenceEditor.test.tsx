/** @vitest-environment happy-dom */
// The recurrence editor: the rule in words and the occurrences the wasm core computes, as typed.
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/preact';
import { useState } from 'preact/hooks';
import { fireEvent } from '@testing-library/preact';
import { RecurrenceEditor } from './RecurrenceEditor';
import { draftOf, type RecurrenceDraft } from '../lib/recurrence';

vi.mock('../api/wasm', async () => (await import('../test/core')).wasmModule);

function Editor({ start }: { start: RecurrenceDraft }) {
  const [draft, setDraft] = useState(start);
  return <RecurrenceEditor draft={draft} onDraft={setDraft} errors={{}} folioStart="2027-01-04" folioEnd="2027-12-17" />;
}

const dates = () => [...document.querySelectorAll('[data-date]')].map((e) => e.getAttribute('data-date'));

describe('RecurrenceEditor', () => {
  it('lists the occurrences inside the folio: monthly on the 31st gives Feb 28', async () => {
    render(<Editor start={{ ...draftOf(undefined, '2027-01-04'), kind: '.Monthly', startDate: '2027-01-31' }} />);
    await waitFor(() => expect(dates().slice(0, 4)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30']));
    expect(screen.getByTestId('recurrence-words').textContent).toMatch(/month/i);
    expect(screen.getByText(/First 12 of 11|payments inside the folio/)).toBeTruthy();
  });

  it('follows the fields as they are typed: an end after three occurrences', async () => {
    render(<Editor start={{ ...draftOf(undefined, '2027-01-04'), kind: '.Weekly', startDate: '2027-01-04', weekdays: [1] }} />);
    await waitFor(() => expect(dates().length).toBe(12));
    fireEvent.change(screen.getByLabelText('Ends'), { target: { value: 'count' } });
    fireEvent.input(screen.getByLabelText('Occurrences'), { target: { value: '3' } });
    await waitFor(() => expect(dates()).toEqual(['2027-01-04', '2027-01-11', '2027-01-18']));
  });

  it('says so when a field is wrong, and lists nothing', async () => {
    render(<Editor start={{ ...draftOf(undefined, '2027-01-04'), kind: '.Daily', startDate: '2027-01-04', interval: 'x' }} />);
    await waitFor(() => expect(screen.getByTestId('recurrence-words').textContent).toBe('Complete the fields to see the rule.'));
    expect(dates()).toEqual([]);
  });
});
