// The names a folio's CSV exports are saved under. The CSV itself is the server's
// (GET /folio/{id}/payments?asOf=&format=csv, the columns of `costfolio plan --csv`).

/** A folio's name as the start of a file name: letters, digits and dashes only. */
export function fileStem(folioName: string): string {
  return (
    folioName
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\w-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase() || 'folio'
  );
}

/** A file name for a folio's export of payments. */
export function csvFileName(folioName: string, asOf: string): string {
  return `${fileStem(folioName)}-payments-${asOf}.csv`;
}

/** The first `limit` lines of a CSV text (the last, empty line after the final newline dropped) and how many there are. */
export function previewLines(text: string, limit: number): { shown: string[]; count: number } {
  const lines = text.split(/\r?\n/);
  if (lines.length && lines[lines.length - 1] === '') lines.pop();
  return { shown: lines.slice(0, limit), count: lines.length };
}
