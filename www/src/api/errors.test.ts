import { describe, expect, it } from 'vitest';
import { placeRefusal, refusalLines, refusalOf } from './errors';
import { checkAmount, checkPercentage } from '../lib/validate';

describe('refusals', () => {
  it('reads the budgeting error body', () => {
    const r = refusalOf(400, { errors: { amount: 'Amount is required', name: 'Name is required' } });
    expect(r.fields).toEqual({ amount: 'Amount is required', name: 'Name is required' });
    expect(r.messages).toEqual([]);
  });
  it('keeps general messages and parse errors at the top', () => {
    const r = refusalOf(400, { error: "illegal date '2026-02-30'", errorMessages: ['A staff member must have at least one availability period'] });
    expect(r.messages).toEqual(["illegal date '2026-02-30'", 'A staff member must have at least one availability period']);
  });
  it('gives a message for empty bodies', () => {
    expect(refusalOf(429, null, '30').messages[0]).toContain('30 s');
    expect(refusalOf(0, null).messages[0]).toContain('could not be reached');
  });
  it('places field messages at the form fields, others at the top', () => {
    const r = placeRefusal(refusalOf(400, { errors: { endDate: 'end before start', wage: 'bad' } }), ['recurrence.endDate'], { endDate: 'recurrence.endDate' });
    expect(r.fields).toEqual({ 'recurrence.endDate': 'end before start' });
    expect(r.messages).toEqual(['wage: bad']);
  });
});

describe('client-side checks', () => {
  it('letters in an amount', () => {
    const e: Record<string, string> = {};
    checkAmount(e, 'amount', '12a', 'Amount', 2);
    expect(e.amount).toMatch(/is not a number/);
    const f: Record<string, string> = {};
    checkAmount(f, 'amount', '10.005', 'Amount', 2);
    expect(f.amount).toMatch(/at most 2 decimals/);
  });
  it('a percentage over 100', () => {
    const e: Record<string, string> = {};
    checkPercentage(e, 'percentage', '105');
    expect(e.percentage).toMatch(/at most 100/);
  });
});

describe('refusalLines', () => {
  it('lists the messages, then each field with its message', () => {
    const refusal = refusalOf(400, { errorMessages: ['expenses[2] ("Steel"): amount: too precise'], errors: { 'expenses[2].amount': 'too precise' } });
    expect(refusalLines(refusal)).toEqual(['expenses[2] ("Steel"): amount: too precise', 'expenses[2].amount: too precise']);
  });
});
