import { describe, expect, it } from 'vitest';
import { groupingOf, suggestRealised } from './costLines';

describe('cost lines', () => {
  it('suggest the planned item of the same name, else the longest name the actual one begins with', () => {
    const planned = [
      { id: '1', name: 'Steel deck' },
      { id: '2', name: 'Steel deck fabrication' },
      { id: '3', name: 'Site office' },
    ];
    expect(suggestRealised('  site OFFICE ', planned)?.id).toBe('3');
    expect(suggestRealised('Steel deck fabrication, invoice 1', planned)?.id).toBe('2');
    expect(suggestRealised('Steel deck - March', planned)?.id).toBe('1');
    expect(suggestRealised('Steel decking', planned)).toBeUndefined();
    expect(suggestRealised('', planned)).toBeUndefined();
  });

  it('read a grouping, anything else as none', () => {
    expect(groupingOf('account')).toBe('account');
    expect(groupingOf('owner')).toBe('none');
  });
});
