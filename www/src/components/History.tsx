// A record's changes, or a folio's activity, newest first: who, when, what, and each
// field's value before and after, read from the server's journal a page at a time ("Show older").
import { useState } from 'preact/hooks';
import { useInfiniteQuery } from '@tanstack/preact-query';
import { api, type HistoryKind } from '../api/budgets';
import { keys } from '../lib/queries';
import type { Answer, Schemas } from '../api/types';
import { fieldText, headline, whenText, type Change } from '../lib/history';
import { ErrorBox, Loading } from './ui';
import { Dialog } from './Dialog';

type Page = Answer<Schemas['History']>;

/** One change: its headline, when, and its fields (a creation's in a fold: it sets them all). */
function ChangeRow({ change }: { change: Change }) {
  const fields = change.fields.map((field) => <li key={field.path}>{fieldText(field)}</li>);
  return (
    <li class="change" data-seq={change.seq}>
      <p>
        <strong>{headline(change)}</strong> <span class="muted">on {whenText(change.at)}</span>
      </p>
      {fields.length === 0 ? null : change.action === 'created' ? (
        <details>
          <summary>{fields.length} fields set</summary>
          <ul class="change-fields">{fields}</ul>
        </details>
      ) : (
        <ul class="change-fields">{fields}</ul>
      )}
    </li>
  );
}

/** The changes `read` gives, a page at a time, newest first, under `queryKey`. */
export function HistoryList({
  queryKey,
  read,
  label,
}: {
  queryKey: readonly unknown[];
  read: (before: string | undefined, signal: AbortSignal) => Promise<Page>;
  label: string;
}) {
  const pages = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => read(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: Page) => last.next ?? undefined,
  });
  if (pages.error) return <ErrorBox error={pages.error} onRetry={() => void pages.refetch()} />;
  if (!pages.data) return <Loading label={`Loading the ${label}`} />;
  const changes = pages.data.pages.flatMap((page) => page.changes);
  return (
    <div class="history-list">
      {changes.length === 0 ? (
        <p class="muted">No change is recorded.</p>
      ) : (
        <ol class="changes" aria-label={label}>
          {changes.map((change, at) => (
            <ChangeRow key={`${change.seq}-${at}`} change={change} />
          ))}
        </ol>
      )}
      {pages.hasNextPage ? (
        <button type="button" class="btn" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
          {pages.isFetchingNextPage ? 'Loading…' : 'Show older changes'}
        </button>
      ) : null}
    </div>
  );
}

/** An item's history in its editor: folded, read from the server when first opened. */
export function ItemHistory({ folio, kind, id, name }: { folio: string; kind: HistoryKind; id: string; name: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details class="item-history" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>History of {name}</summary>
      {open ? (
        <HistoryList queryKey={keys.history(folio, kind, id)} read={(before, signal) => api.history(kind, id, before, signal)} label={`history of ${name}`} />
      ) : null}
    </details>
  );
}

/** An item's history in a dialog of its own, opened from its row. */
export function ItemHistoryDialog({ folio, kind, id, name, onClose }: { folio: string; kind: HistoryKind; id: string; name: string; onClose: () => void }) {
  return (
    <Dialog title={`History of ${name}`} onClose={onClose} wide>
      <HistoryList queryKey={keys.history(folio, kind, id)} read={(before, signal) => api.history(kind, id, before, signal)} label={`history of ${name}`} />
    </Dialog>
  );
}
