// The what-if screen's items (screen 8, WhatIf.tsx): the sandbox's positions and expenses with the
// fields a change is made in, and the forms that add one. Each edit is one `Change` committed to
// the sandbox by the screen; nothing here talks to the server.
import type { ComponentChildren } from 'preact';
import { useEffect, useId, useState } from 'preact/hooks';
import { LosslessNumber } from 'lossless-json';
import { readNumber } from '../lib/numbers';
import { allocationAt, changedFrom, copy, itemId, rateAt, rowIn, text, type Change, type Obj } from '../lib/sandbox';
import * as fmt from '../lib/format';
import { Card } from '../components/ui';
import { Pager, usePaging } from '../components/Pager';

/** What is wrong with `text` as a figure of the sandbox (read in the browser's locale, 0 or
 * more), or null; its wire text when it is right. */
function figureOf(text: string): { text: string; message: null } | { text: null; message: string } {
  if (!text.trim()) return { text: null, message: 'a number is needed' };
  const read = readNumber(text);
  if (!read.ok) return { text: null, message: read.message };
  if (read.negative) return { text: null, message: `must be 0 or more, got ${text.trim()}` };
  return { text: read.text, message: null };
}

/** A figure edited in place: committed when it reads, its problem said beside it otherwise. */
function NumberInput({
  value,
  label,
  onCommit,
  placeholder,
  size = 9,
}: {
  value: string;
  label: string;
  onCommit: (v: string) => void;
  placeholder?: string;
  size?: number;
}) {
  const [draft, setDraft] = useState(value);
  const id = useId();
  useEffect(() => setDraft(value), [value]);
  // What the item holds, untouched, is never a mistake: an expense that ends on a date has no
  // occurrences, and its empty field says nothing until something is typed.
  const figure = draft === value ? ({ text: null, message: null } as const) : figureOf(draft);
  const commit = () => {
    if (figure.text !== null && figure.text !== value) onCommit(figure.text);
  };
  return (
    <span class="cell-input">
      <input
        type="text"
        inputMode="decimal"
        aria-label={label}
        aria-invalid={figure.message ? 'true' : undefined}
        aria-describedby={figure.message ? id : undefined}
        placeholder={placeholder}
        value={draft}
        size={size}
        onInput={(e) => setDraft((e.target as HTMLInputElement).value)}
        onChange={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
      />
      {figure.message ? (
        <small class="error" id={id} role="alert">
          {label}: {figure.message}. Not applied.
        </small>
      ) : null}
    </span>
  );
}

function DateInput({ value, label, onCommit }: { value: string; label: string; onCommit: (v: string) => void }) {
  return (
    <input
      type="date"
      aria-label={label}
      value={value}
      onChange={(e) => {
        const v = (e.target as HTMLInputElement).value;
        if (v && v !== value) onCommit(v);
      }}
    />
  );
}

export function PositionsCard({
  positions,
  currency,
  asOf,
  folio,
  nextId,
  commit,
}: {
  positions: Obj[];
  currency: string;
  asOf: string;
  folio: Obj;
  nextId: { current: number };
  commit: (c: Change) => void;
}) {
  const paging = usePaging(positions, 50);
  const [form, setForm] = useState({ name: '', rate: '', percentage: '100', start: String(folio.startDate), end: String(folio.endDate) });
  const [problems, setProblems] = useState<Record<string, string>>({});
  const set = (field: keyof typeof form) => (e: Event) => setForm({ ...form, [field]: (e.target as HTMLInputElement).value });
  const add = (e: Event) => {
    e.preventDefault();
    const name = form.name.trim();
    const rate = figureOf(form.rate);
    const percentage = figureOf(form.percentage);
    const problems: Record<string, string> = {};
    if (!name) problems.name = 'a name is needed';
    if (rate.message) problems.rate = rate.message;
    if (percentage.message) problems.percentage = percentage.message;
    setProblems(problems);
    if (Object.keys(problems).length || rate.text === null || percentage.text === null) return;
    const id = nextId.current++;
    const item: Obj = {
      position: {
        id: new LosslessNumber(String(id)),
        folioId: folio.id,
        name,
        title: name,
        description: '',
        kind: '.PlannedPositionByTimeFrame',
        rate: { id: new LosslessNumber(String(nextId.current++)), rate: new LosslessNumber(rate.text), startDate: form.start },
        allocation: {
          id: new LosslessNumber(String(nextId.current++)),
          startDate: form.start,
          endDate: form.end,
          percentage: new LosslessNumber(percentage.text),
        },
      },
      rates: [],
      allocations: [],
      hours: [],
    };
    commit({
      kind: 'position',
      id,
      before: null,
      after: item,
      label: `Add position ${name}: ${rate.text} / h at ${percentage.text} %, ${form.start} – ${form.end}`,
    });
    setForm({ ...form, name: '', rate: '' });
  };
  const shown = paging.visible;
  const change = (item: Obj, label: string, edit: (next: Obj) => void) => {
    const next = copy(item);
    edit(next);
    commit({ kind: 'position', id: itemId('position', item), before: item, after: next, label });
  };
  const [from, setFrom] = useState<{ position: string; what: 'rate' | 'allocation'; value: string; day: string }>({
    position: '',
    what: 'rate',
    value: '',
    day: '',
  });
  const [fromProblems, setFromProblems] = useState<Record<string, string>>({});
  const changeFrom = (e: Event) => {
    e.preventDefault();
    const problems: Record<string, string> = {};
    const item = positions.find((i) => text((i.position as Obj).id) === from.position);
    const figure = figureOf(from.value);
    if (!item) problems.position = 'choose a position';
    if (figure.message) problems.value = figure.message;
    if (!from.day) problems.day = 'a day is needed';
    else if (from.day < String(folio.startDate) || from.day > String(folio.endDate))
      problems.day = `${from.day} is outside the folio (${String(folio.startDate)} to ${String(folio.endDate)})`;
    let next: Obj | null = null;
    if (item && !Object.keys(problems).length && figure.text !== null) {
      next = changedFrom(item, from.what, figure.text, from.day, () => nextId.current++);
      if (!next) problems.day = `no allocation period of ${String((item.position as Obj).name)} holds ${from.day}`;
    }
    setFromProblems(problems);
    if (!item || !next || figure.text === null) return;
    const name = String((item.position as Obj).name);
    const what = from.what === 'rate' ? `Rate of ${name}` : `Allocation of ${name}`;
    commit({
      kind: 'position',
      id: itemId('position', item),
      before: item,
      after: next,
      label: `${what} from ${from.day}: ${figure.text}${from.what === 'rate' ? ' / h' : ' %'}`,
    });
    setFrom({ ...from, value: '' });
  };
  return (
    <Card title={`Positions (${positions.length})`}>
      <div class="table-scroll" tabIndex={0} role="region" aria-label="Positions table">
        <table>
          <caption class="sr-only">Positions of the sandbox</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Rate / h ({currency})</th>
              <th scope="col">Allocation %</th>
              <th scope="col">Start</th>
              <th scope="col">End</th>
              <th scope="col">
                <span class="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((item) => {
              const p = item.position as Obj;
              const name = String(p.name);
              const rate = rateAt(item, asOf);
              const alloc = allocationAt(item, asOf);
              const pick = (next: Obj): Obj => rowIn(next, 'rate', 'rates', rate);
              const period = (next: Obj): Obj => rowIn(next, 'allocation', 'allocations', alloc);
              return (
                <tr key={text(p.id)} data-position={text(p.id)}>
                  <th scope="row">{name}</th>
                  <td>
                    <NumberInput
                      value={text(rate.rate)}
                      label={`Rate of ${name}`}
                      onCommit={(v) =>
                        change(item, `Rate of ${name} (from ${String(rate.startDate)}): ${text(rate.rate)} → ${v}`, (n) => {
                          pick(n).rate = new LosslessNumber(v);
                        })
                      }
                    />
                    <small class="muted in-force" data-in-force="rate">
                      in force from {fmt.date(String(rate.startDate))}
                    </small>
                  </td>
                  <td>
                    <NumberInput
                      value={text(alloc.percentage)}
                      label={`Allocation of ${name}`}
                      onCommit={(v) =>
                        change(
                          item,
                          `Allocation of ${name} (${String(alloc.startDate)} – ${String(alloc.endDate)}): ${text(alloc.percentage)} % → ${v} %`,
                          (n) => {
                            period(n).percentage = new LosslessNumber(v);
                          },
                        )
                      }
                    />
                    <small class="muted in-force" data-in-force="allocation">
                      {fmt.period(String(alloc.startDate), String(alloc.endDate))}
                    </small>
                  </td>
                  <td>
                    <DateInput
                      value={String(alloc.startDate)}
                      label={`Start of ${name}`}
                      onCommit={(v) =>
                        change(item, `Start of ${name}: ${String(alloc.startDate)} → ${v}`, (n) => {
                          period(n).startDate = v;
                        })
                      }
                    />
                  </td>
                  <td>
                    <DateInput
                      value={String(alloc.endDate)}
                      label={`End of ${name}`}
                      onCommit={(v) =>
                        change(item, `End of ${name}: ${String(alloc.endDate)} → ${v}`, (n) => {
                          period(n).endDate = v;
                        })
                      }
                    />
                  </td>
                  <RemoveCell
                    name={name}
                    onRemove={() => commit({ kind: 'position', id: itemId('position', item), before: item, after: null, label: `Remove position ${name}` })}
                  />
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Pager paging={paging} label="Sandbox positions" />
      <form class="inline-form" onSubmit={changeFrom} aria-label="Change a rate or an allocation from a date">
        <InlineField label="Position" problem={fromProblems.position}>
          {(a) => (
            <select {...a} value={from.position} onChange={(e) => setFrom({ ...from, position: (e.target as HTMLSelectElement).value })}>
              <option value="">Choose</option>
              {positions.map((item) => (
                <option key={text((item.position as Obj).id)} value={text((item.position as Obj).id)}>
                  {String((item.position as Obj).name)}
                </option>
              ))}
            </select>
          )}
        </InlineField>
        <InlineField label="Change" problem={undefined}>
          {(a) => (
            <select {...a} value={from.what} onChange={(e) => setFrom({ ...from, what: (e.target as HTMLSelectElement).value as 'rate' | 'allocation' })}>
              <option value="rate">the rate per hour</option>
              <option value="allocation">the allocation %</option>
            </select>
          )}
        </InlineField>
        <InlineField label="To" problem={fromProblems.value}>
          {(a) => <input {...a} inputMode="decimal" value={from.value} onInput={(e) => setFrom({ ...from, value: (e.target as HTMLInputElement).value })} />}
        </InlineField>
        <InlineField label="From" problem={fromProblems.day}>
          {(a) => <input {...a} type="date" value={from.day} onInput={(e) => setFrom({ ...from, day: (e.target as HTMLInputElement).value })} />}
        </InlineField>
        <button type="submit" class="btn">
          Change from that day
        </button>
      </form>
      <form class="inline-form" onSubmit={add} aria-label="Add a planned position to the sandbox">
        <InlineField label="Name" problem={problems.name}>
          {(a) => <input {...a} value={form.name} onInput={set('name')} />}
        </InlineField>
        <InlineField label={`Rate / h (${currency})`} problem={problems.rate}>
          {(a) => <input {...a} inputMode="decimal" value={form.rate} onInput={set('rate')} />}
        </InlineField>
        <InlineField label="Allocation %" problem={problems.percentage}>
          {(a) => <input {...a} inputMode="decimal" value={form.percentage} onInput={set('percentage')} />}
        </InlineField>
        <label>
          Start <input type="date" value={form.start} onInput={set('start')} />
        </label>
        <label>
          End <input type="date" value={form.end} onInput={set('end')} />
        </label>
        <button type="submit" class="btn">
          Add position
        </button>
      </form>
    </Card>
  );
}

export function ExpensesCard({ expenses, folio, nextId, commit }: { expenses: Obj[]; folio: Obj; nextId: { current: number }; commit: (c: Change) => void }) {
  const paging = usePaging(expenses, 50);
  const [name, setName] = useState('');
  const [amount, setAmount] = useState('');
  const [day, setDay] = useState(String(folio.startDate));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const shown = paging.visible;
  const change = (item: Obj, label: string, edit: (next: Obj) => void) => {
    const next = copy(item);
    edit(next);
    commit({ kind: 'expense', id: itemId('expense', item), before: item, after: next, label });
  };
  const add = (e: Event) => {
    e.preventDefault();
    const figure = figureOf(amount);
    const problems: Record<string, string> = {};
    if (!name.trim()) problems.name = 'a name is needed';
    if (figure.message) problems.amount = figure.message;
    setProblems(problems);
    if (Object.keys(problems).length || figure.text === null) return;
    const id = nextId.current++;
    const item: Obj = {
      id: new LosslessNumber(String(id)),
      folioId: folio.id,
      name: name.trim(),
      description: '',
      type: 'What-if',
      category: 'OPEX',
      kind: '.PlannedExpense',
      amount: new LosslessNumber(figure.text),
      currencyCode: folio.currencyCode,
      amortized: false,
      recurrence: { kind: '.Once', startDate: day },
    };
    commit({ kind: 'expense', id, before: null, after: item, label: `Add expense ${name.trim()}: ${figure.text} on ${day}` });
    setName('');
    setAmount('');
  };
  return (
    <Card title={`Expenses and revenues (${expenses.length})`}>
      <div class="table-scroll" tabIndex={0} role="region" aria-label="Expenses table">
        <table>
          <caption class="sr-only">Expenses of the sandbox</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Amount</th>
              <th scope="col">First date</th>
              <th scope="col">Occurrences</th>
              <th scope="col">
                <span class="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((item) => {
              const label = String(item.name);
              const rec = item.recurrence as Obj;
              return (
                <tr key={text(item.id)} data-expense={text(item.id)}>
                  <th scope="row">{label}</th>
                  <td>
                    <NumberInput
                      value={text(item.amount)}
                      label={`Amount of ${label} (${String(item.currencyCode)})`}
                      onCommit={(v) =>
                        change(item, `Amount of ${label}: ${text(item.amount)} → ${v}`, (n) => {
                          n.amount = new LosslessNumber(v);
                        })
                      }
                    />{' '}
                    {String(item.currencyCode)}
                  </td>
                  <td>
                    <DateInput
                      value={String(rec.startDate)}
                      label={`First date of ${label}`}
                      onCommit={(v) =>
                        change(item, `First date of ${label}: ${String(rec.startDate)} → ${v}`, (n) => {
                          (n.recurrence as Obj).startDate = v;
                        })
                      }
                    />
                  </td>
                  <td>
                    {rec.kind === '.Once' ? (
                      <span class="muted">once</span>
                    ) : (
                      <NumberInput
                        value={text(rec.occurrences)}
                        placeholder={rec.endDate ? `until ${fmt.date(text(rec.endDate))}` : 'no end'}
                        size={16}
                        label={`Occurrences of ${label}`}
                        onCommit={(v) =>
                          change(
                            item,
                            `Occurrences of ${label}: ${text(rec.occurrences) || (rec.endDate ? `until ${text(rec.endDate)}` : 'open')} → ${v}`,
                            (n) => {
                              const r = n.recurrence as Obj;
                              r.occurrences = new LosslessNumber(v);
                              delete r.endDate;
                            },
                          )
                        }
                      />
                    )}
                  </td>
                  <RemoveCell
                    name={label}
                    onRemove={() => commit({ kind: 'expense', id: itemId('expense', item), before: item, after: null, label: `Remove expense ${label}` })}
                  />
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Pager paging={paging} label="Sandbox expenses" />
      <form class="inline-form" onSubmit={add} aria-label="Add an expense to the sandbox">
        <InlineField label="Name" problem={problems.name}>
          {(a) => <input {...a} value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />}
        </InlineField>
        <InlineField label={`Amount (${String(folio.currencyCode)})`} problem={problems.amount}>
          {(a) => <input {...a} inputMode="decimal" value={amount} onInput={(e) => setAmount((e.target as HTMLInputElement).value)} />}
        </InlineField>
        <label>
          Date <input type="date" value={day} onInput={(e) => setDay((e.target as HTMLInputElement).value)} />
        </label>
        <button type="submit" class="btn">
          Add expense
        </button>
      </form>
    </Card>
  );
}

/** A labelled field of an inline form, its problem said under it. */
function InlineField({
  label,
  problem,
  children,
}: {
  label: string;
  problem: string | undefined;
  children: (a: { 'aria-invalid'?: 'true'; 'aria-describedby'?: string }) => ComponentChildren;
}) {
  const id = useId();
  return (
    <label class="inline-field">
      {label} {children(problem ? { 'aria-invalid': 'true', 'aria-describedby': id } : {})}
      {problem ? (
        <small class="error" id={id}>
          {label}: {problem}
        </small>
      ) : null}
    </label>
  );
}

/** The cell of a sandbox row's "Remove" button, which names the row for a screen reader. */
function RemoveCell({ name, onRemove }: { name: string; onRemove: () => void }) {
  return (
    <td>
      <button type="button" class="btn btn-ghost" onClick={onRemove}>
        Remove<span class="sr-only"> {name}</span>
      </button>
    </td>
  );
}
