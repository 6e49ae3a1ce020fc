/** @vitest-environment happy-dom */
// The import of actuals: a file's header comes from the server's dry run, its columns are guessed
// from their words, the preview lists each row with the server's figures and refusals (row,
// column, rule), a refused row keeps Import disabled, and an import sends the same mapping with
// dryRun=false and remembers it for the folio.
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { renderInPlanner } from '../test/render';
import { fakeServer, type Sent } from '../test/server';
import { ImportActuals, pastedText } from './ImportActuals';
import { rememberedColumns } from '../lib/importMapping';

const HEADER = '["Belegdatum","Betrag","Lieferant","Rechnung"]';

function report(dryRun: boolean, columns: Record<string, string>, refusedRow: boolean) {
  if (!columns.amount) {
    return `{"success":{"dryRun":true,"rows":0,"created":0,"changed":0,"unchanged":0,"refused":0,"decimalMark":"point","header":${HEADER},"mappingRefusals":{"columns.amount":"the column of the amount is needed to import expenses"},"lines":[],"more":0}}`;
  }
  const lines = [
    '{"row":2,"outcome":"create","name":"Steel Co","date":"2026-03-31","amount":2500.00,"currencyCode":"EUR"}',
    refusedRow
      ? '{"row":3,"outcome":"refused","refusals":[{"column":"Betrag","value":"abc","message":"abc is not a number"}]}'
      : '{"row":3,"outcome":"unchanged","name":"Crane AG","date":"2026-04-15","amount":1234.56,"currencyCode":"EUR","itemId":7}',
  ];
  return `{"success":{"dryRun":${dryRun},"rows":2,"created":1,"changed":0,"unchanged":${refusedRow ? 0 : 1},"refused":${refusedRow ? 1 : 0},"decimalMark":"comma","header":${HEADER},"lines":[${lines.join(',')}],"more":0}}`;
}

function server(refusedRow: boolean): Sent[] {
  return fakeServer((r) => {
    if (!r.path.startsWith('/budgets/1/folio/1/import/actuals')) return undefined;
    const body = JSON.parse(r.body ?? '{}') as { columns: Record<string, string> };
    return { body: report(r.path.endsWith('dryRun=true'), body.columns, refusedRow) };
  });
}

async function chooseFile() {
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  const file = new File(['Belegdatum;Betrag;Lieferant;Rechnung\n'], 'erp.csv', { type: 'text/csv' });
  Object.defineProperty(input, 'files', { value: [file] });
  fireEvent.change(input);
  await screen.findByLabelText(/^Amount/);
}

describe('ImportActuals', () => {
  beforeEach(() => localStorage.clear());

  it('guesses the columns from the header, previews the rows and keeps Import off while a row is refused', async () => {
    const sent = server(true);
    renderInPlanner(<ImportActuals folioId="1" currency="EUR" />);
    await chooseFile();
    expect(screen.getByLabelText<HTMLSelectElement>('Date (needed)').value).toBe('Belegdatum');
    expect(screen.getByLabelText<HTMLSelectElement>(/^Amount/).value).toBe('Betrag');
    expect(screen.getByLabelText<HTMLSelectElement>(/^Key/).value).toBe('Rechnung');
    await screen.findByTestId('import-preview');
    const refused = document.querySelector('tr[data-row="3"]')!;
    expect(refused.getAttribute('data-outcome')).toBe('refused');
    expect(refused.textContent).toContain('Betrag: abc is not a number');
    expect(document.querySelector('tr[data-row="2"] [data-field="amount"]')!.textContent).toContain('2,500.00');
    expect(screen.getByTestId('import-status').textContent).toBe('2 rows: 1 to add, 1 refused.');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /^Import/ }).disabled).toBe(true);
    // The first request asks for the header with no mapping; the second previews the guess; no real run.
    expect(sent.map((s) => s.path)).toEqual(['/budgets/1/folio/1/import/actuals?dryRun=true', '/budgets/1/folio/1/import/actuals?dryRun=true']);
    const second = JSON.parse(sent[1]!.body!) as { columns: Record<string, string>; file: string; fileName: string };
    expect(second.columns).toEqual({ date: 'Belegdatum', amount: 'Betrag', name: 'Lieferant', key: 'Rechnung' });
    expect(atob(second.file)).toBe('Belegdatum;Betrag;Lieferant;Rechnung\n');
    expect(second.fileName).toBe('erp.csv');
  });

  it('imports with the same mapping and remembers it for the folio', async () => {
    const sent = server(false);
    renderInPlanner(<ImportActuals folioId="1" currency="EUR" />);
    await chooseFile();
    await screen.findByTestId('import-preview');
    const button = await screen.findByRole('button', { name: 'Import 1 rows' });
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByTestId('import-status').textContent).toContain('Imported erp.csv: 1 added, 0 changed, 1 already there.'));
    const real = sent.filter((s) => s.path.endsWith('dryRun=false'));
    expect(real).toHaveLength(1);
    expect((JSON.parse(real[0]!.body!) as { columns: unknown }).columns).toEqual({ date: 'Belegdatum', amount: 'Betrag', name: 'Lieferant', key: 'Rechnung' });
    expect(rememberedColumns('1', 'expenses')).toEqual({ date: 'Belegdatum', amount: 'Betrag', name: 'Lieferant', key: 'Rechnung' });
  });

  it('says at the field what the mapping lacks, and a changed column asks for a new preview', async () => {
    server(false);
    renderInPlanner(<ImportActuals folioId="1" currency="EUR" />);
    await chooseFile();
    await screen.findByTestId('import-preview');
    fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '' } });
    expect(screen.queryByTestId('import-preview')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByText('the column of the amount is needed to import expenses');
    expect(screen.getByLabelText(/^Amount/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /^Import/ }).disabled).toBe(true);
  });

  it('reads rows pasted from a spreadsheet, naming the columns when the first row is data', async () => {
    expect(pastedText('31.03.2026\tSteel\t2.500,00\r\n01.04.2026\tCrane\t900\r\n', false)).toBe(
      'Column 1\tColumn 2\tColumn 3\n31.03.2026\tSteel\t2.500,00\n01.04.2026\tCrane\t900\n',
    );
    expect(pastedText('Date\tName\n', true)).toBe('Date\tName\n');
    const sent = server(false);
    renderInPlanner(<ImportActuals folioId="1" currency="EUR" paste fixedKind="expenses" />);
    expect(screen.queryByRole('radio')).toBeNull();
    fireEvent.input(screen.getByLabelText('Rows from a spreadsheet'), {
      target: { value: 'Belegdatum\tBetrag\tLieferant\tRechnung\n31.03.2026\t2.500,00\tSteel Co\tR-1' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Read the rows' }));
    await screen.findByTestId('import-preview');
    const first = JSON.parse(sent[0]!.body!) as { file: string; fileName: string; kind: string };
    expect(first.kind).toBe('expenses');
    expect(first.fileName).toBe('the pasted rows');
    expect(atob(first.file)).toBe('Belegdatum\tBetrag\tLieferant\tRechnung\n31.03.2026\t2.500,00\tSteel Co\tR-1\n');
  });
});
