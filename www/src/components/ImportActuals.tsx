// Actuals in from a spreadsheet: a CSV or XLSX file of actual costs (an ERP's invoice lines) or
// of worked hours (a timesheet), its columns mapped to the fields (guessed from its header,
// remembered per folio in this browser), previewed row by row by the server's dry run
// (POST /folio/{id}/import/actuals?dryRun=true: what would be created, changed, left or refused,
// with the row, the column and the rule), then imported as one change, or nothing. Figures are
// the server's strings; the planner reads none of them.
import { useState } from 'preact/hooks';
import { api } from '../api/budgets';
import { ApiError } from '../api/client';
import { refusalLines } from '../api/errors';
import type { ActualsKind, ImportColumns, ImportLine, ImportReport } from '../api/types';
import { base64Of, guessColumns, IMPORT_FIELDS, mappingFor, rememberColumns, rememberedColumns, type ImportField } from '../lib/importMapping';
import { folioChanged } from '../lib/queries';
import * as fmt from '../lib/format';
import { announce, mode } from '../state';
import { Card, Checkbox } from './ui';

type Mark = '' | 'point' | 'comma';
type Order = '' | 'dayMonthYear' | 'monthDayYear';

interface Chosen {
  name: string;
  base64: string;
}

const OUTCOME: Record<ImportLine['outcome'], string> = {
  create: 'New',
  change: 'Changed',
  unchanged: 'Already there',
  refused: 'Refused',
};

/** The counts of a report, as numbers (whole numbers of rows, not money). */
export function countsOf(report: ImportReport) {
  return {
    rows: Number(report.rows),
    created: Number(report.created),
    changed: Number(report.changed),
    unchanged: Number(report.unchanged),
    refused: Number(report.refused),
    more: Number(report.more),
  };
}

/** The report in a sentence. */
export function reportSummary(report: ImportReport): string {
  const c = countsOf(report);
  const parts = [
    c.created ? `${fmt.count(c.created)} to add` : '',
    c.changed ? `${fmt.count(c.changed)} to change` : '',
    c.unchanged ? `${fmt.count(c.unchanged)} already imported` : '',
    c.refused ? `${fmt.count(c.refused)} refused` : '',
  ].filter(Boolean);
  const rows = `${fmt.count(c.rows)} ${c.rows === 1 ? 'row' : 'rows'}`;
  return parts.length ? `${rows}: ${parts.join(', ')}.` : `${rows}.`;
}

/** Rows pasted from a spreadsheet (tab between cells) as a file's text: with a header of "Column
 * 1", "Column 2" … when the first row is data. */
export function pastedText(text: string, firstRowIsHeader: boolean): string {
  const rows = text.replace(/\r\n?/g, '\n').replace(/\n+$/, '');
  if (firstRowIsHeader) return `${rows}\n`;
  const width = Math.max(...rows.split('\n').map((line) => line.split('\t').length));
  const header = Array.from({ length: width }, (_, i) => `Column ${i + 1}`).join('\t');
  return `${header}\n${rows}\n`;
}

/**
 * The import of a file, or (`paste`) of rows pasted from a spreadsheet, of actual costs or hours
 * (`kind`, which the user may change unless `fixedKind`).
 */
export function ImportActuals({
  folioId,
  currency,
  paste = false,
  fixedKind,
}: {
  folioId: string;
  currency: string;
  paste?: boolean;
  fixedKind?: ActualsKind;
}) {
  const [kind, setKind] = useState<ActualsKind>(fixedKind ?? 'expenses');
  const [pasted, setPasted] = useState('');
  const [headerRow, setHeaderRow] = useState(true);
  const [file, setFile] = useState<Chosen | null>(null);
  const [header, setHeader] = useState<string[]>([]);
  const [columns, setColumns] = useState<ImportColumns>({});
  const [mark, setMark] = useState<Mark>('');
  const [order, setOrder] = useState<Order>('');
  const [report, setReport] = useState<ImportReport | null>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [done, setDone] = useState<string | null>(null);
  const offline = mode.value === 'offline';

  const body = (chosen: Chosen, mapping: ImportColumns) => ({
    kind,
    file: chosen.base64,
    fileName: chosen.name,
    columns: mapping,
    ...(mark ? { decimalMark: mark } : {}),
    ...(order ? { dateOrder: order } : {}),
  });

  const run = async (chosen: Chosen, mapping: ImportColumns, dryRun: boolean): Promise<ImportReport | null> => {
    setErrors([]);
    setBusy(true);
    try {
      return await api.importActuals(folioId, body(chosen, mapping), dryRun);
    } catch (e) {
      setErrors(e instanceof ApiError ? refusalLines(e.refusal) : [e instanceof Error ? e.message : String(e)]);
      return null;
    } finally {
      setBusy(false);
    }
  };

  /** A new file: its header from the server, the mapping remembered or guessed, a preview. */
  const choose = async (picked: File) => start(picked.name, new Uint8Array(await picked.arrayBuffer()));

  /** The rows pasted, as a tab-separated file. */
  const readPasted = () => start('the pasted rows', new TextEncoder().encode(pastedText(pasted, headerRow)));

  const start = async (name: string, bytes: Uint8Array) => {
    setDone(null);
    setReport(null);
    const chosen = { name, base64: base64Of(bytes) };
    setFile(chosen);
    const first = await run(chosen, {}, true);
    if (!first) return;
    const guessed = guessColumns(kind, first.header, mappingFor(kind, first.header, rememberedColumns(folioId, kind)));
    setHeader(first.header);
    setColumns(guessed);
    const preview = await run(chosen, guessed, true);
    if (preview) setReport(preview);
  };

  const preview = async () => {
    if (!file) return;
    setDone(null);
    const answer = await run(file, columns, true);
    if (answer) setReport(answer);
  };

  const commit = async () => {
    if (!file || !report) return;
    const answer = await run(file, columns, false);
    if (!answer) return;
    rememberColumns(folioId, kind, columns);
    await folioChanged(folioId);
    const c = countsOf(answer);
    const text = `Imported ${file.name}: ${fmt.count(c.created)} added, ${fmt.count(c.changed)} changed, ${fmt.count(c.unchanged)} already there.`;
    setDone(text);
    announce(text);
    setReport(null);
  };

  const setColumn = (field: ImportField, column: string) => {
    setColumns({ ...columns, [field]: column || undefined });
    setReport(null);
  };

  const mappingRefusals = report?.mappingRefusals ?? {};
  const counts = report ? countsOf(report) : null;
  const canImport =
    counts !== null && counts.rows > 0 && counts.refused === 0 && Object.keys(mappingRefusals).length === 0 && counts.created + counts.changed > 0;
  const unit = kind === 'expenses' ? 'amount' : 'hours';

  return (
    // Pasted rows are offered inside a disclosure whose summary is their title.
    <Card title={paste ? undefined : 'Import actual costs or hours'} busy={busy}>
      {paste ? (
        <p class="muted">
          Copy the rows in your spreadsheet and paste them here: the columns are matched, every row previewed, and saved as one change, or none.
        </p>
      ) : (
        <p class="muted">
          A CSV or Excel file from your accounting system or timesheets: one row per invoice line, or per team member and period. Nothing is written before you
          import, and an import is all its rows or none. Rows with the same key (an invoice number) are updated, never added twice.
        </p>
      )}
      {offline ? (
        <p class="muted" data-testid="import-offline">
          Files are read by the server: connect to import.
        </p>
      ) : (
        <>
          {fixedKind ? null : (
            <fieldset class="choice-row">
              <legend>The file holds</legend>
              {(
                [
                  ['expenses', 'Actual costs'],
                  ['hours', 'Worked hours'],
                ] as const
              ).map(([value, label]) => (
                <label key={value} class="inline">
                  <input
                    type="radio"
                    name="import-kind"
                    value={value}
                    checked={kind === value}
                    onChange={() => {
                      setKind(value);
                      setHeader([]);
                      setColumns({});
                      setReport(null);
                      setFile(null);
                    }}
                  />{' '}
                  {label}
                </label>
              ))}
            </fieldset>
          )}
          {paste ? (
            <div class="import-paste">
              <label class="import-file">
                Rows from a spreadsheet
                <textarea
                  rows={6}
                  value={pasted}
                  placeholder={kind === 'expenses' ? 'Date\tSupplier\tAmount\tInvoice' : 'Team member\tFrom\tTo\tHours'}
                  onInput={(e) => {
                    setPasted((e.target as HTMLTextAreaElement).value);
                    setReport(null);
                  }}
                />
              </label>
              <Checkbox label="The first row names the columns" name="headerRow" checked={headerRow} onValue={setHeaderRow} />
              <div class="form-actions start">
                <button type="button" class="btn" disabled={busy || !pasted.trim()} onClick={() => void readPasted()}>
                  Read the rows
                </button>
              </div>
            </div>
          ) : (
            <label class="import-file">
              File (CSV or XLSX)
              <input
                type="file"
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                disabled={busy}
                onChange={(e) => {
                  const picked = (e.target as HTMLInputElement).files?.[0];
                  if (picked) void choose(picked);
                }}
              />
            </label>
          )}
          {header.length ? (
            <>
              <h3>Columns</h3>
              <div class="import-mapping">
                {IMPORT_FIELDS[kind].map(({ field, label, needed, hint }) => {
                  const id = `import-${field}`;
                  const refusal = mappingRefusals[`columns.${field}`];
                  return (
                    <div class="field" key={field}>
                      <label for={id}>
                        {label}
                        {needed ? ' (needed)' : ''}
                      </label>
                      <select
                        id={id}
                        value={columns[field] ?? ''}
                        aria-invalid={refusal ? 'true' : undefined}
                        aria-describedby={`${id}-hint`}
                        onChange={(e) => setColumn(field, (e.target as HTMLSelectElement).value)}
                      >
                        <option value="">{needed ? 'Choose a column' : 'Not in the file'}</option>
                        {header
                          .filter((h) => h !== '')
                          .map((h) => (
                            <option key={h} value={h}>
                              {h}
                            </option>
                          ))}
                      </select>
                      <small id={`${id}-hint`} class={refusal ? 'error' : 'muted'}>
                        {refusal ?? hint}
                      </small>
                    </div>
                  );
                })}
                <div class="field">
                  <label for="import-mark">Numbers are written</label>
                  <select
                    id="import-mark"
                    value={mark}
                    onChange={(e) => {
                      setMark((e.target as HTMLSelectElement).value as Mark);
                      setReport(null);
                    }}
                  >
                    <option value="">As most of the file writes them</option>
                    <option value="point">2,500.00 (decimal point)</option>
                    <option value="comma">2.500,00 (decimal comma)</option>
                  </select>
                </div>
                <div class="field">
                  <label for="import-order">Dates with slashes</label>
                  <select
                    id="import-order"
                    value={order}
                    onChange={(e) => {
                      setOrder((e.target as HTMLSelectElement).value as Order);
                      setReport(null);
                    }}
                  >
                    <option value="">Ask when a date could be read both ways</option>
                    <option value="dayMonthYear">31/03/2026 (day first)</option>
                    <option value="monthDayYear">03/31/2026 (month first)</option>
                  </select>
                </div>
              </div>
              <div class="form-actions start">
                <button type="button" class="btn" onClick={() => void preview()} disabled={busy || !file}>
                  Preview
                </button>
                <button type="button" class="btn btn-primary" onClick={() => void commit()} disabled={busy || !canImport}>
                  {counts && canImport ? `Import ${fmt.count(counts.created + counts.changed)} rows` : 'Import'}
                </button>
              </div>
            </>
          ) : null}
          <p role="status" class="muted small" data-testid="import-status">
            {busy ? 'The server is reading the file…' : done ? done : report ? reportSummary(report) : ''}
          </p>
          {errors.length ? (
            <ul class="error" role="alert" data-testid="import-errors">
              {errors.map((m, i) => (
                <li key={i}>{m}</li>
              ))}
            </ul>
          ) : null}
          {report && report.lines.length ? (
            <div class="table-scroll" tabIndex={0} role="region" aria-label="Import preview">
              <table class="table table-cards import-preview" data-testid="import-preview">
                <thead>
                  <tr>
                    <th scope="col">Row</th>
                    <th scope="col">What happens</th>
                    <th scope="col">{kind === 'expenses' ? 'Name' : 'Team member'}</th>
                    <th scope="col">{kind === 'expenses' ? 'Date' : 'Period'}</th>
                    <th scope="col" class="num">
                      {kind === 'expenses' ? 'Amount' : 'Hours'}
                    </th>
                    <th scope="col">Why refused</th>
                  </tr>
                </thead>
                <tbody>
                  {report.lines.map((line) => (
                    <tr key={line.row} data-row={line.row} data-outcome={line.outcome}>
                      <td class="c-3" data-label="Row">
                        {line.row}
                      </td>
                      <td class="c-3" data-label="What happens">
                        {OUTCOME[line.outcome]}
                      </td>
                      <td class="c-6" data-label={line.name ? (kind === 'expenses' ? 'Name' : 'Team member') : undefined}>
                        {line.name ?? ''}
                      </td>
                      <td class="c-6" data-label={line.date ? (kind === 'expenses' ? 'Date' : 'Period') : undefined}>
                        {line.date == null ? '' : line.until && line.until !== line.date ? fmt.period(line.date, line.until) : fmt.date(line.date)}
                      </td>
                      <td class="num c-6" data-field={unit} data-label={line.amount == null ? undefined : kind === 'expenses' ? 'Amount' : 'Hours'}>
                        {line.amount == null ? '' : kind === 'expenses' ? fmt.money(line.amount, line.currencyCode ?? currency) : fmt.hours(line.amount)}
                      </td>
                      <td class="c-12" data-label={line.refusals?.length ? 'Why refused' : undefined}>
                        {line.refusals?.map((r, i) => (
                          <div key={i}>
                            {r.column ? <strong>{r.column}: </strong> : null}
                            {r.message}
                          </div>
                        ))}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {counts?.more ? <p class="muted small">and {fmt.count(counts.more)} more rows like these</p> : null}
            </div>
          ) : null}
        </>
      )}
    </Card>
  );
}
