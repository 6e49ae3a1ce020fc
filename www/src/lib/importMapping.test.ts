/** @vitest-environment happy-dom */
import { beforeEach, describe, expect, it } from 'vitest';
import { base64Of, guessColumns, mappingFor, rememberColumns, rememberedColumns } from './importMapping';

describe('importMapping', () => {
  beforeEach(() => localStorage.clear());

  it("guesses an ERP export's columns from its header, in English or German", () => {
    expect(guessColumns('expenses', ['Belegdatum', 'Lieferant', 'Betrag', 'Währung', 'Rechnungsnummer'])).toEqual({
      date: 'Belegdatum',
      amount: 'Betrag',
      name: 'Lieferant',
      currency: 'Währung',
      key: 'Rechnungsnummer',
    });
    expect(guessColumns('expenses', ['Invoice date', 'Supplier', 'Net amount', 'Invoice no.'])).toMatchObject({
      date: 'Invoice date',
      amount: 'Net amount',
      name: 'Supplier',
      key: 'Invoice no.',
    });
  });

  it("guesses a timesheet's columns, each column for one field", () => {
    expect(guessColumns('hours', ['Employee', 'From', 'To', 'Hours', 'Overtime'])).toEqual({
      person: 'Employee',
      from: 'From',
      until: 'To',
      hours: 'Hours',
      overtimeHours: 'Overtime',
    });
  });

  it('keeps what is given and maps nothing it cannot tell', () => {
    expect(guessColumns('expenses', ['A', 'B'], { date: 'B' })).toEqual({ date: 'B' });
  });

  it("keeps only the kind's fields and the header's columns", () => {
    expect(mappingFor('expenses', ['Date', 'Amount'], { date: 'Date', amount: 'Gone', person: 'Date' })).toEqual({ date: 'Date' });
  });

  it('remembers a mapping per folio and kind', () => {
    rememberColumns('1', 'expenses', { date: 'Datum' });
    expect(rememberedColumns('1', 'expenses')).toEqual({ date: 'Datum' });
    expect(rememberedColumns('2', 'expenses')).toEqual({});
    expect(rememberedColumns('1', 'hours')).toEqual({});
    localStorage.setItem('costfolio.import.3.hours', 'not json');
    expect(rememberedColumns('3', 'hours')).toEqual({});
  });

  it('writes bytes in base64 as the server reads them, a large file too', () => {
    expect(base64Of(new TextEncoder().encode('Date,Amount\n'))).toBe('RGF0ZSxBbW91bnQK');
    const large = new Uint8Array(200_000).map((_, i) => i % 251);
    expect(atob(base64Of(large)).length).toBe(200_000);
  });
});
