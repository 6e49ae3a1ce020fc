// Screen 7, files in and out: the folio's workbook (XLSX with live formulas, written by the
// server: GET /folio/{id}/export.xlsx?asOf=), its payment lines as CSV (the columns of
// `costfolio plan --csv`: GET /folio/{id}/payments?asOf=&format=csv, "Preview" shows the first
// lines of the same text; offline the wasm core answers the same request and "Download CSV" saves
// it), the plan document, and actual costs or hours imported from a spreadsheet.
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
import { ImportActuals } from '../../components/ImportActuals';

/** The workbook's file name: the folio's name and the date, as the CSV's. */
function workbookName(folioName: string, asOf: string): string {
  return csvFileName(folioName, asOf).replace(/\.csv$/, '.xlsx');
}

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
  const offline = mode.value === 'offline';
  return (
    <>
      <Card title="Workbook for finance">
        <p class="muted">
          An Excel workbook as of {fmt.date(asOf)}: the indicators with the methods behind them, the cost lines by category with subtotals, the months (planned,
          actual, scheduled, PV, EV, AC) and the inputs. Totals and variances are formulas, so the sheet recalculates to the same cent.
        </p>
        <div class="form-actions start">
          {offline ? (
            <p class="muted" data-testid="workbook-offline">
              The workbook is written by the server: connect to download it.
            </p>
          ) : (
            <a class="btn btn-primary" href={api.folioWorkbookUrl(folio.id, asOf)} download={workbookName(folio.name, asOf)} data-native>
              Download workbook (XLSX)
            </a>
          )}
        </div>
      </Card>
      <ImportActuals folioId={folio.id} currency={folio.currencyCode} />
      <Card title="Export payment lines">
        <p class="muted">
          One line per payment of every position (by month and rate in force) and every expense, then the monthly timeline as of {fmt.date(asOf)}: the columns
          of <code>costfolio plan --csv</code>, written by the server.
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
          {busy
            ? 'Asking the server for the CSV…'
            : lines && csv
              ? `${fmt.count(lines.count)} lines as of ${fmt.date(csv.asOf)}, as the server wrote them.`
              : ''}
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
    </>
  );
}
