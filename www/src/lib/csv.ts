// The name a folio's CSV export is saved under. The CSV itself is the server's
// (GET /folio/{id}/payments?asOf=&format=csv, the columns of `costfolio plan --csv`).

/** A file name for a folio's export: letters, digits and dashes only. */
export function csvFileName(folioName: string, asOf: string): string {
  const base =
    folioName
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\w-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase() || 'folio';
  return `${base}-payments-${asOf}.csv`;
}

/** The first `limit` lines of a CSV text (the last, empty line after the final newline dropped) and how many there are. */
export function previewLines(text: string, limit: number): { shown: string[]; count: number } {
  const lines = text.split(/\r?\n/);
  if (lines.length && lines[lines.length - 1] === '') lines.pop();
  return { shown: lines.slice(0, limit), count: lines.length };
}
