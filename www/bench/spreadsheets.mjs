// Spreadsheets on the server, measured (not a test: it asserts nothing about time): the large
// folio's workbook (large.mjs: 2,000 team members, 5,000 expenses, three years) written by
// GET /folio/{id}/export.xlsx, and an import of 10,000 actual expenses (a CSV with a key column)
// into it: the dry run, the real run, and the same file again (every row unchanged), each timed
// from the request to the last byte of the answer. Meanwhile another user's small read is timed
// too. Run from the repository root with a release build:
//   COSTFOLIO_BIN=target/release/costfolio node www/bench/spreadsheets.mjs   (BENCH_RUNS=5)
// Prints a markdown table of medians, ms.
import { rest, startServer } from './lib.mjs';
import { buildLarge, LARGE, median } from './large.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const LINES = Number(process.env.BENCH_IMPORT_LINES ?? 10_000);

async function timed(server, method, path, body) {
  const t0 = performance.now();
  const answer = await rest(server, method, path, body);
  const ms = performance.now() - t0;
  if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.status} ${answer.text.slice(0, 300)}`);
  return { ms, answer };
}

/** `whole` and `cents` as a German spreadsheet writes them: 12.345,67. */
const german = (whole, cents) => `${whole.toLocaleString('de-DE')},${String(cents).padStart(2, '0')}`;

function csv(lines) {
  const rows = ['Date;Supplier;Amount;Invoice'];
  for (let i = 0; i < lines; i++) {
    const day = String((i % 28) + 1).padStart(2, '0');
    const month = String((i % 12) + 1).padStart(2, '0');
    rows.push(`${day}.${month}.2027;Supplier ${i % 300};${german((i * 37) % 20000, i % 100)};INV-${i}`);
  }
  return rows.join('\r\n') + '\r\n';
}

const server = await startServer();
try {
  const large = await buildLarge(server);
  console.error(`large folio ${large.id}: ${large.positions} positions, ${large.expenses} expenses, built in ${large.seconds} s`);
  const workbook = [];
  for (let i = 0; i < RUNS + 1; i++) {
    const { ms, answer } = await timed(server, 'GET', `/budgets/1/folio/${large.id}/export.xlsx?asOf=${LARGE.asOf}`);
    if (i > 0) workbook.push(ms);
    if (i === 0) console.error(`workbook: ${answer.text.length} bytes`);
  }
  const body = (file) => ({
    kind: 'expenses',
    file: Buffer.from(file, 'utf8').toString('base64'),
    columns: { date: 'Date', name: 'Supplier', amount: 'Amount', key: 'Invoice' },
  });
  const file = csv(LINES);
  const dry = [];
  for (let i = 0; i < RUNS; i++) {
    const { ms, answer } = await timed(server, 'POST', `/budgets/1/folio/${large.id}/import/actuals?dryRun=true`, body(file));
    dry.push(ms);
    if (i === 0) console.error(`dry run: ${JSON.stringify({ ...answer.json.success, lines: answer.json.success.lines.length, header: undefined })}`);
  }
  const real = await timed(server, 'POST', `/budgets/1/folio/${large.id}/import/actuals?dryRun=false`, body(file));
  console.error(`real run: created ${real.answer.json.success.created}`);
  const again = [];
  for (let i = 0; i < RUNS; i++) {
    const { ms, answer } = await timed(server, 'POST', `/budgets/1/folio/${large.id}/import/actuals?dryRun=false`, body(file));
    again.push(ms);
    if (answer.json.success.unchanged !== LINES) throw new Error(`the same file again changed something: ${answer.text.slice(0, 300)}`);
  }
  const after = [];
  for (let i = 0; i < RUNS; i++) {
    after.push((await timed(server, 'GET', `/budgets/1/folio/${large.id}/export.xlsx?asOf=${LARGE.asOf}`)).ms);
  }
  const f = (x) => x.toFixed(0);
  console.log(`| measure (${RUNS} runs, median) | ms |`);
  console.log('|---|---|');
  console.log(`| workbook of the large folio (2,000 team members, 5,000 expenses) | ${f(median(workbook))} |`);
  console.log(`| import of ${LINES.toLocaleString('en')} actual expenses, dry run | ${f(median(dry))} |`);
  console.log(`| the same import, real run (once) | ${f(real.ms)} |`);
  console.log(`| the same file again (every row unchanged, nothing written) | ${f(median(again))} |`);
  console.log(`| workbook after the import (15,000 expenses) | ${f(median(after))} |`);
} finally {
  await server.stop();
}
