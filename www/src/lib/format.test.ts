import { describe, expect, it } from 'vitest';
import { bucketLabel, date, decimal, hours, isIsoDate, money, percent, today, currencyDigits } from './format';

describe('money', () => {
  it('formats the exact decimal string, never through a float', () => {
    expect(money('12345678901234567.89', 'EUR', 'en-US')).toBe('€12,345,678,901,234,567.89');
    expect(money('0.10', 'EUR', 'en-US')).toBe('€0.10');
    expect(money('-510.52', 'EUR', 'en-US')).toBe('-€510.52');
  });
  it('uses the currency and the locale', () => {
    expect(money('1200.00', 'EUR', 'de-DE')).toBe('1.200,00\u00a0€');
    expect(money('1200', 'JPY', 'en-US')).toBe('¥1,200');
    expect(money('1.234', 'KWD', 'en-US')).toBe('KWD\u00a01.234');
  });
  it('keeps every digit the string has beyond the minor units (rates)', () => {
    expect(money('70.1234', 'EUR', 'en-US')).toBe('€70.1234');
    expect(money('40', 'EUR', 'en-US')).toBe('€40.00');
  });
  it('shows a dash for null', () => {
    expect(money(null, 'EUR', 'en-US')).toBe('—');
  });
  it('knows minor units', () => {
    expect(currencyDigits('EUR')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
  });
});

describe('other figures', () => {
  it('ratios keep their 4 decimals', () => {
    expect(decimal('0.9874', 'en-US')).toBe('0.9874');
    expect(decimal('1.2500', 'de-DE')).toBe('1,2500');
  });
  it('percentages are not multiplied', () => {
    expect(percent('-9.24', 'en-US')).toBe('-9.24%');
    expect(percent('20', 'en-US')).toBe('20%');
  });
  it('hours', () => {
    expect(hours('45.50', 'en-US')).toBe('45.50 hr');
  });
});

describe('dates', () => {
  it('formats civil dates without a time zone shift', () => {
    expect(date('2027-02-28', 'en-US')).toBe('Feb 28, 2027');
    expect(date('2027-01-01', 'en-GB')).toBe('1 Jan 2027');
  });
  it('labels buckets', () => {
    expect(bucketLabel('2026-09-01', 'month', 'en-US')).toBe('Sep 2026');
  });
  it('today is the local civil date', () => {
    expect(today(new Date(2026, 10, 23, 23, 59))).toBe('2026-11-23');
  });
  it('validates dates', () => {
    expect(isIsoDate('2027-02-29')).toBe(false);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2027-2-1')).toBe(false);
  });
});
