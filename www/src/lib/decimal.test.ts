import { describe, expect, it } from 'vitest';
import { compare, isDecimal, normalize, sameDecimal, negated, fractionDigits, isPlainAmount } from './decimal';

describe('decimal', () => {
  it('normalizes', () => {
    expect(normalize('1200.00')).toBe('1200');
    expect(normalize('-0.0')).toBe('0');
    expect(normalize('+007.50')).toBe('7.5');
    expect(normalize('1.5e3')).toBe('1500');
    expect(normalize('25e-3')).toBe('0.025');
  });
  it('compares exactly, beyond float precision', () => {
    expect(compare('0.1', '0.10')).toBe(0);
    expect(compare('9007199254740993', '9007199254740992')).toBe(1);
    expect(compare('-1.5', '-1.25')).toBe(-1);
    expect(compare('-0.5', '0')).toBe(-1);
    expect(compare('100', '99.999')).toBe(1);
  });
  it('checks equality of decimals and nulls', () => {
    expect(sameDecimal('50', '50.00')).toBe(true);
    expect(sameDecimal(null, null)).toBe(true);
    expect(sameDecimal('1', null)).toBe(false);
  });
  it('helpers', () => {
    expect(isDecimal('12a')).toBe(false);
    expect(negated('20')).toBe('-20');
    expect(fractionDigits('10.005')).toBe(3);
    expect(isPlainAmount('1200.50')).toBe(true);
    expect(isPlainAmount('-1')).toBe(false);
    expect(isPlainAmount('1,200')).toBe(false);
  });
});
