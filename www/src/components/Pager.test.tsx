/** @vitest-environment happy-dom */
// The one pager: one page of rows in the DOM, its controls, back to the first page on a new search.
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/preact';
import { Pager, usePaging } from './Pager';

function List({ rows, query }: { rows: string[]; query: string }) {
  const paging = usePaging(rows, 10, [query]);
  return (
    <>
      <ul>
        {paging.visible.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
      <Pager paging={paging} label="Rows" />
    </>
  );
}

const ROWS = Array.from({ length: 25 }, (_, i) => `row ${i + 1}`);
const shown = () => screen.getAllByRole('listitem').map((li) => li.textContent);

describe('Pager', () => {
  it('shows one page at a time and walks the pages', () => {
    render(<List rows={ROWS} query="" />);
    expect(shown()).toEqual(ROWS.slice(0, 10));
    expect(screen.getByRole('status').textContent).toBe('Rows 1–10 of 25');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Previous' }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Last' }));
    expect(shown()).toEqual(ROWS.slice(20));
    expect(screen.getByRole('status').textContent).toBe('Rows 21–25 of 25');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(shown()).toEqual(ROWS.slice(10, 20));
  });

  it('goes back to the first page on a new search, and to the last one left when the list shrinks', () => {
    const { rerender } = render(<List rows={ROWS} query="" />);
    fireEvent.click(screen.getByRole('button', { name: 'Last' }));
    rerender(<List rows={ROWS.slice(0, 15)} query="" />);
    expect(shown()).toEqual(ROWS.slice(10, 15));
    rerender(<List rows={ROWS} query="row 1" />);
    expect(shown()).toEqual(ROWS.slice(0, 10));
  });

  it('shows no controls for a list that fits on one page', () => {
    render(<List rows={ROWS.slice(0, 10)} query="" />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
