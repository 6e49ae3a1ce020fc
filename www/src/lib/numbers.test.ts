import { describe, expect, it } from 'vitest';
import { example, implausible, plausibleLimit, readNumber, wireText } from './numbers';

const read = (text: string, locale: string) => {
  const r = readNumber(text, locale);
  return r.ok ? r.text : `refused: ${r.message}`;
};

describe('numbers', () => {
  it('reads a number as the locale writes it, and the wire’s own form anywhere', () => {
    expect(read('2,500.00', 'en-US')).toBe('2500.00');
    expect(read('2.500,00', 'de-DE')).toBe('2500.00');
    expect(read('2 500,00', 'fr-FR')).toBe('2500.00');
    expect(read('1’234.50', 'de-CH')).toBe('1234.50');
    expect(read('1200.50', 'de-DE')).toBe('1200.50');
    expect(read('12,5', 'de-DE')).toBe('12.5');
    expect(read('€ 1.234,5', 'de-DE')).toBe('1234.5');
    expect(read('-7', 'en-US')).toBe('-7');
    expect(read('(120.00)', 'en-US')).toBe('-120.00');
    expect(read('0007', 'en-US')).toBe('7');
    expect(read('-0', 'en-US')).toBe('0');
    expect(read(',5', 'de-DE')).toBe('0.5');
  });

  it('refuses what is not a number, saying how the locale writes one', () => {
    for (const [text, locale] of [
      ['abc', 'en-US'],
      ['', 'en-US'],
      ['1e309', 'en-US'],
      ['2.500,00', 'en-US'],
      ['12,5', 'en-US'],
      ['1.2.3', 'de-DE'],
      ['--1', 'en-US'],
    ] as const) {
      expect(read(text, locale), `${text} in ${locale}`).toMatch(/^refused: /);
    }
    expect(read('abc', 'en-US')).toBe('refused: “abc” is not a number: write it with digits, as 2,500.00');
    expect(read('12,5', 'en-US')).toContain('groups of three digits');
    expect(read('1.234', 'de-DE')).toBe('1234');
    expect(example('de-DE')).toBe('2.500,00');
  });

  it('writes what it read for the wire', () => {
    expect(wireText(' 2,500.00 ', 'en-US')).toBe('2500.00');
    expect(wireText('x', 'en-US')).toBe('x');
  });

  it('finds an amount implausible beyond 100 times the budget, or a billion without one', () => {
    expect(plausibleLimit('12000.50')).toBe('1200050');
    expect(plausibleLimit('0')).toBe('1000000000');
    expect(plausibleLimit(null)).toBe('1000000000');
    expect(implausible('1,200,050.00', '12000.50', 'en-US')).toBe(false);
    expect(implausible('1,200,050.01', '12000.50', 'en-US')).toBe(true);
    expect(implausible('999.999.999.999,99', null, 'de-DE')).toBe(true);
    expect(implausible('abc', null, 'en-US')).toBe(false);
  });
});
