// Screen 7: a folio's payment lines as CSV, the columns of `costfolio plan --csv`, written by the
// server: GET /folio/{id}/payments?asOf=&format=csv. "Download CSV" links to it (a GET with the
// session cookie); "Preview" shows the first lines of the same text. Offline (no server) the same
// request is answered in the browser by the wasm core, and "Download CSV" saves that text.
import { saveFile } from '../../lib/saveFile';
import { useState } from 'preact/hooks';
import { api } from '../../api/budgets';
import { csvFileName, previewLines } from '../../lib/csv';
import { csvText } from '../../api/csvText';
import { mode } from '../../state';
import * as fmt from '../../lib/format';
import { Card } from '../../components/ui';
import type { FolioProps } from '../FolioProps';
import { PlanDownload } from '../PlanFiles';

const PREVIEW_LINES = 40;

export function Export({ folio, asOf }: FolioProps) {
  const [csv, setCsv] = useState<{ text: string; asOf: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const url = api.folioPaymentsCsvUrl(folio.id, asOf);
  const name = csvFileName(folio.name, asOf);

  /** Offline there is no server to link to: the CSV is written by the core here and saved. */
  const download = async () => {
    setError(null);
    try {
      saveFile(await csvText(url), name, 'text/csv;charset=utf-8');
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  const preview = async () => {
    setError(null);
    setBusy(true);
    try {
      setCsv({ text: await csvText(url), asOf });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const lines = csv ? previewLines(csv.text, PREVIEW_LINES) : null;
  return (
    <Card title="Export payment lines">
      <p class="muted">
        One line per payment of every position (by month and rate in force) and every expense, then the monthly timeline as of {fmt.date(asOf)}: the columns of{' '}
        <code>costfolio plan --csv</code>, written by the server.
      </p>
      <div class="form-actions start">
        {mode.value === 'offline' ? (
          <button type="button" class="btn btn-primary" onClick={() => void download()}>
            Download CSV
          </button>
        ) : (
          <a class="btn btn-primary" href={url} download={name} data-native>
            Download CSV
          </a>
        )}
        <button type="button" class="btn" onClick={() => void preview()} disabled={busy}>
          {csv ? 'Refresh the preview' : 'Preview'}
        </button>
        <PlanDownload folioId={folio.id} folioName={folio.name} />
      </div>
      <p role="status" class="muted small">
        {busy ? 'Asking the server for the CSV…' : lines && csv ? `${fmt.count(lines.count)} lines as of ${fmt.date(csv.asOf)}, as the server wrote them.` : ''}
      </p>
      {error ? (
        <div class="alert alert-error" role="alert">
          {error}
        </div>
      ) : null}
      {lines ? (
        <>
          <h3>Preview</h3>
          <pre class="csv-preview" tabIndex={0} aria-label="CSV preview" data-testid="csv-preview">
            {lines.shown.join('\n')}
            {lines.count > lines.shown.length ? `\n… ${fmt.count(lines.count - lines.shown.length)} more lines` : ''}
          </pre>
        </>
      ) : null}
    </Card>
  );
}
