import { describe, expect, it } from 'vitest';
import { createFields } from './periods';

describe('createFields', () => {
  it("puts the server's refusal of a further period or rate at its row", () => {
    expect(createFields({ 'moreAllocations[0].startDate': 'overlaps' })).toEqual({ 'allocations.1.startDate': 'overlaps' });
    expect(createFields({ 'moreRates[2].startDate': 'taken' })).toEqual({ 'rates.3.startDate': 'taken' });
  });

  it('puts the first period and rate at the first rows and keeps the others', () => {
    expect(createFields({ endDate: 'before start', rate: 'letters', name: 'required' })).toEqual({
      'allocations.0.endDate': 'before start',
      'rates.0.rate': 'letters',
      name: 'required',
    });
    expect(createFields({ wage: 'bad' })).toEqual({ 'rates.0.rate': 'bad' });
  });
});
