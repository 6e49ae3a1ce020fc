import { describe, expect, it } from 'vitest';
import { csvFileName, previewLines } from './csv';

describe('CSV export', () => {
  it('names the file', () => {
    expect(csvFileName('Footbridge über', '2026-11-23')).toBe('footbridge-uber-payments-2026-11-23.csv');
    expect(csvFileName('***', '2026-11-23')).toBe('folio-payments-2026-11-23.csv');
  });
  it('previews the server text line by line, blank separator kept', () => {
    const text = 'item,id\nposition,1\n\nstart,end\n2026-03-02,2026-03-27\n';
    expect(previewLines(text, 3)).toEqual({ shown: ['item,id', 'position,1', ''], count: 5 });
    expect(previewLines('a\r\nb\r\n', 10)).toEqual({ shown: ['a', 'b'], count: 2 });
  });
});
