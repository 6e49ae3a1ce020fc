import { afterEach, describe, expect, it } from 'vitest';
import { budgetAddress, call, serverTransport, setTransport, type Transport } from './client';

// The planner's calls are typed by the budgeting interface's own table of operations (generated
// from docs/openapi.json): a path, a parameter or a body the table does not have does not compile
// (the `@ts-expect-error` lines below fail the type check the day they become valid), and the
// address is the template with its ids and query filled in.
describe('a typed budgeting call', () => {
  afterEach(() => setTransport(serverTransport));

  it('fills the template and the query, leaving empty values out and repeating a list', () => {
    expect(budgetAddress('/folio/{id}/indicators', { id: '7' }, { asOf: '2026-03-31', plan: undefined })).toBe('/budgets/1/folio/7/indicators?asOf=2026-03-31');
    expect(budgetAddress('/folio/indicators', {}, { asOf: '2026-03-31', id: ['1', '2'] })).toBe('/budgets/1/folio/indicators?asOf=2026-03-31&id=1&id=2');
    expect(budgetAddress('/users', {}, { query: 'ada lovelace', limit: '5' })).toBe('/budgets/1/users?query=ada+lovelace&limit=5');
    expect(budgetAddress('/folio/{id}', { id: 'a/b' })).toBe('/budgets/1/folio/a%2Fb');
    expect(() => budgetAddress('/folio/{id}', {})).toThrow('needs its id');
  });

  it('sends the method, address and body, and answers the success', async () => {
    const sent: [string, string, unknown][] = [];
    const transport: Transport = (method, path, body) => {
      sent.push([method, path, body]);
      return Promise.resolve({ status: 200, header: () => null, text: '{"success":[{"key":"ada","displayName":"Ada"}]}' });
    };
    setTransport(transport);
    const users = await call('GET', '/users', { query: { query: 'ada', limit: '1' } });
    expect(users[0]?.displayName).toBe('Ada');
    expect(sent).toEqual([['GET', '/budgets/1/users?query=ada&limit=1', undefined]]);
    await call('PUT', '/folio/{id}/viewers', { path: { id: '4' }, body: { users: ['bob'] } });
    expect(sent[1]).toEqual(['PUT', '/budgets/1/folio/4/viewers', { users: ['bob'] }]);
  });

  it('does not compile a call the table does not have', () => {
    const never = (f: () => unknown) => expect(typeof f).toBe('function');
    // @ts-expect-error: no such operation
    never(() => call('GET', '/folio/{id}/nothing', { path: { id: '1' } }));
    // @ts-expect-error: a folio is not created at its own address
    never(() => call('POST', '/folio/{id}', { path: { id: '1' } }));
    // @ts-expect-error: the folio's id is missing
    never(() => call('GET', '/folio/{id}', {}));
    // @ts-expect-error: a folio has no such field
    never(() => call('PUT', '/folio', { body: { nope: 1 } }));
    // @ts-expect-error: the parameter is asOf
    never(() => call('GET', '/folio/{id}/indicators', { path: { id: '1' }, query: { asof: '2026-01-01' } }));
    // @ts-expect-error: removing an exchange rate names its pair and day
    never(() => call('DELETE', '/exchangerate', {}));
  });
});
