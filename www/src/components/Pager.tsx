// The one way a long list is paged: `usePaging` keeps the page (back to the first when `resetOn`
// changes, clamped when the list shrinks) and gives the rows of that page; `Pager` shows its
// controls. Only one page of rows is ever in the DOM.
import { useEffect, useState } from 'preact/hooks';
import * as fmt from '../lib/format';

export interface Paging<T> {
  /** The page shown, from 0 (clamped to the last page). */
  page: number;
  pages: number;
  total: number;
  pageSize: number;
  /** The rows of the page shown. */
  visible: T[];
  setPage: (page: number) => void;
}

export function usePaging<T>(rows: readonly T[], pageSize: number, resetOn: readonly unknown[] = []): Paging<T> {
  const [page, setPage] = useState(0);
  // Another search, sort or filter starts again at the first page.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's list of what resets the page
  useEffect(() => setPage(0), resetOn);
  const pages = Math.max(1, Math.ceil(rows.length / pageSize));
  const current = Math.min(page, pages - 1);
  return {
    page: current,
    pages,
    total: rows.length,
    pageSize,
    visible: rows.slice(current * pageSize, current * pageSize + pageSize),
    setPage,
  };
}

/** Page controls of a long table (nothing when it fits on one page). */
export function Pager({ paging, label }: { paging: Paging<unknown>; label: string }) {
  const { page, pages, total, pageSize, setPage } = paging;
  if (pages <= 1) return null;
  const first = page * pageSize + 1;
  const last = Math.min(total, (page + 1) * pageSize);
  return (
    <nav class="pager" aria-label={`${label} pages`}>
      <button type="button" class="btn btn-small" onClick={() => setPage(0)} disabled={page === 0}>
        First
      </button>
      <button type="button" class="btn btn-small" onClick={() => setPage(page - 1)} disabled={page === 0}>
        Previous
      </button>
      <span role="status">
        Rows {fmt.count(first)}–{fmt.count(last)} of {fmt.count(total)}
      </span>
      <button type="button" class="btn btn-small" onClick={() => setPage(page + 1)} disabled={page >= pages - 1}>
        Next
      </button>
      <button type="button" class="btn btn-small" onClick={() => setPage(pages - 1)} disabled={page >= pages - 1}>
        Last
      </button>
    </nav>
  );
}
