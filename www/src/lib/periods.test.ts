// The editor's checks of a period or a rate: the form's own (empty, not a date, letters) without
// asking the core, the rules (S6.2, S6.4, the value types' limits) from the wasm core itself.
import { describe, expect, it, vi } from 'vitest';
import { checkAllocation, checkRate, createFields } from './periods';
import { parseRecords } from '../api/json';
import type { Allocation, Rate } from '../api/types';

vi.mock('../api/wasm', async () => (await import('../test/core')).wasmModule);

describe('checkAllocation', () => {
  it('checks what is the form’s own before asking the core', async () => {
    const r = await checkAllocation('.TeamMember', { startDate: '', endDate: '2027-13-40', percentage: '5o' });
    expect(r?.fields).toEqual({
      startDate: 'Start date is required',
      endDate: 'End date must be a date (yyyy-MM-dd)',
      percentage: 'Percentage: “5o” is not a number: write it with digits, as 2,500.00',
    });
  });

  it('asks the core: an end before the start, more than 100 %', async () => {
    const inverted = await checkAllocation('.TeamMember', { startDate: '2027-03-16', endDate: '2027-03-01', percentage: '50' });
    expect(inverted?.fields.endDate).toMatch(/start date must be before or equal to the end date/);
    const over = await checkAllocation('.TeamMember', { startDate: '2027-03-01', endDate: '2027-03-16', percentage: '105' });
    expect(over?.fields.percentage).toBe('percentage must be from 0 to 100, got 105');
    expect(await checkAllocation('.TeamMember', { startDate: '2027-03-01', endDate: '2027-03-16', percentage: '100' })).toBeNull();
  });

  it('S6.2: against the rows before it, and against the records the server sent', async () => {
    const rows = [{ startDate: '2027-03-01', endDate: '2027-03-10', percentage: '100' }];
    const overlap = await checkAllocation('.TeamMember', { startDate: '2027-03-10', endDate: '2027-03-20', percentage: '50' }, rows);
    expect(overlap?.fields.startDate).toBe('The period overlaps the allocation from 2027-03-01 to 2027-03-10 of the same position');
    // The server's records (numbers as JSON numbers): the one replaced is not compared with itself.
    const records = parseRecords('[{"id":4,"startDate":"2027-03-01","endDate":"2027-03-10","percentage":100.0}]') as Allocation[];
    expect(await checkAllocation('.TeamMember', { startDate: '2027-03-05', endDate: '2027-03-20', percentage: '50' }, records, '4')).toBeNull();
    const clash = await checkAllocation('.TeamMember', { startDate: '2027-03-05', endDate: '2027-03-20', percentage: '50' }, records);
    expect(clash?.fields.startDate).toMatch(/overlaps/);
    // A planned position takes no second period: a message for the form's top.
    const planned = await checkAllocation('.PlannedPositionByTimeFrame', { startDate: '2027-04-01', endDate: '2027-04-20', percentage: '50' }, records);
    expect(planned?.fields).toEqual({});
    expect(planned?.messages).toEqual(['Availability can only be added to staff members']);
  });

  it('leaves out of the comparison the rows that are not yet periods', async () => {
    const rows = [{ startDate: '', endDate: '', percentage: '' }];
    expect(await checkAllocation('.TeamMember', { startDate: '2027-03-01', endDate: '2027-03-16', percentage: '10' }, rows)).toBeNull();
  });
});

describe('checkRate', () => {
  it('S6.4: two rates on one date; at most 4 decimals', async () => {
    const taken = await checkRate({ rate: '45', startDate: '2027-01-01' }, [{ rate: '40', startDate: '2027-01-01' }]);
    expect(taken?.fields.startDate).toBe('A cost rate already exists with that effective date (2027-01-01)');
    const digits = await checkRate({ rate: '45.12345', startDate: '2027-01-01' });
    expect(digits?.fields.rate).toBe('rate allows at most 4 decimal places, got 45.12345');
    const records = parseRecords('[{"id":9,"rate":40.00,"startDate":"2027-01-01"}]') as Rate[];
    expect(await checkRate({ rate: '41', startDate: '2027-01-01' }, records, '9')).toBeNull();
    expect((await checkRate({ rate: '8o', startDate: '2027-01-01' }))?.fields.rate).toMatch(/is not a number/);
  });

  it('sends the rate as typed: its digits reach the core', async () => {
    expect(await checkRate({ rate: '10.1234', startDate: '2027-01-01' })).toBeNull();
  });
});

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
