// Screen 7: a folio's payment lines as CSV, the columns of `costfolio plan --csv`. The server
// writes it (GET /folio/{id}/payments?asOf=&format=csv); the link downloads it with the session
// cookie. On a server without that route the CSV is assembled from the payments of each position
// (GET /position/{id}/payments?granularity=month) and expense (GET /expense/{id}/payments) and the
// monthly timeline, cell by cell as the server wrote them.
import { useState } from 'preact/hooks';
import { api } from '../api/budgets';
import { loadItems } from '../lib/items';
import { csvFileName, planCsv, type ItemLines } from '../lib/csv';
import { pool } from '../lib/pool';
import { refusalOf } from '../lib/errors';
import { parseJson } from '../lib/json';
import { ApiError } from '../api/client';
import * as fmt from '../lib/format';
import { Card } from '../components/ui';
import type { Folio } from '../api/types';
import type { FolioProps } from './Folio';

async function serverCsv(url: string): Promise<string | null> {
  const response = await fetch(url, { credentials: 'same-origin', headers: { Accept: 'text/csv' }, cache: 'no-store' });
  if (response.status === 404) {
    const text = await response.text();
    if (text.includes('No budgeting resource')) return null; // an older server: no such route
    throw new ApiError(refusalOf(404, safeJson(text)));
  }
  if (!response.ok) throw new ApiError(refusalOf(response.status, safeJson(await response.text()), response.headers.get('Retry-After')));
  return response.text();
}

function safeJson(text: string): unknown {
  try {
    return parseJson(text);
  } catch {
    return null;
  }
}

async function assembled(folio: Folio, asOf: string, progress: (text: string) => void): Promise<string> {
  const items = await loadItems(folio, asOf);
  const positions = [...items.positions].sort((a, b) => Number(a.position.id) - Number(b.position.id));
  const expenses = [...items.expenses].sort((a, b) => Number(a.id) - Number(b.id));
  let done = 0;
  const total = positions.length + expenses.length;
  const tick = () => progress(`Reading payment lines: ${fmt.count(++done)} of ${fmt.count(total)}…`);
  const pos = await pool(positions.map((p) => async (): Promise<ItemLines> => {
    const lines = await api.positionPayments(p.position.id, 'month');
    tick();
    return { id: p.position.id, name: p.position.name, lines };
  }));
  const exp = await pool(expenses.map((e) => async (): Promise<ItemLines> => {
    const lines = await api.expensePayments(e.id);
    tick();
    return { id: e.id, name: e.name, lines };
  }));
  const failed = [...pos, ...exp].find((r) => r.status === 'rejected') as PromiseRejectedResult | undefined;
  if (failed) throw failed.reason;
  const timeline = await api.timeline(folio.id, asOf, 'month');
  const ok = <T,>(r: PromiseSettledResult<T>[]) => r.map((x) => (x as PromiseFulfilledResult<T>).value);
  return planCsv(ok(pos), ok(exp), timeline);
}

export function Export({ folio, asOf }: FolioProps) {
  const [csv, setCsv] = useState<string | null>(null);
  const [direct, setDirect] = useState(true);
  const [progress, setProgress] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [blobUrl, setBlobUrl] = useState<string | null>(null);
  const url = api.folioPaymentsCsvUrl(folio.id, asOf);
  const name = csvFileName(folio.name, asOf);

  const preview = async () => {
    setError(null);
    setProgress('Asking the server for the CSV…');
    try {
      let text = await serverCsv(url);
      setDirect(text !== null);
      if (text === null) text = await assembled(folio, asOf, setProgress);
      setCsv(text);
      if (blobUrl) URL.revokeObjectURL(blobUrl);
      setBlobUrl(URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' })));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setProgress(null);
    }
  };

  const lines = csv ? csv.split('\n') : [];
  return (
    <Card title="Export payment lines">
      <p class="muted">
        One line per payment of every position (by month and rate in force) and every expense, then the monthly timeline as of {fmt.date(asOf)}: the columns of{' '}
        <code>costfolio plan --csv</code>, written by the server.
      </p>
      <div class="form-actions" style={{ justifyContent: 'flex-start' }}>
        <a class="btn btn-primary" href={direct || !blobUrl ? url : blobUrl} download={name} data-native>
          Download CSV
        </a>
        <button type="button" class="btn" onClick={() => void preview()} disabled={progress !== null}>
          {csv ? 'Refresh the preview' : 'Preview'}
        </button>
      </div>
      <p role="status" class="muted small">
        {progress ?? (csv ? `${fmt.count(Math.max(0, lines.length - 1))} lines${direct ? ', as the server wrote them' : ", assembled from the server's payment lines (this server has no CSV route)"}.` : '')}
      </p>
      {error ? (
        <div class="alert alert-error" role="alert">
          {error}
        </div>
      ) : null}
      {csv ? (
        <>
          <h3>Preview</h3>
          <pre class="csv-preview" tabIndex={0} aria-label="CSV preview" data-testid="csv-preview">
            {lines.slice(0, 40).join('\n')}
            {lines.length > 40 ? `\n… ${fmt.count(lines.length - 40)} more lines` : ''}
          </pre>
        </>
      ) : null}
    </Card>
  );
}
