// Scope and progress (`/folios/{id}/scope`): the scope items whose progress earns the folio's value
// (S9.3: a done item earns its weight, a progressive one weight x logged / (logged + remaining),
// capped at its weight), edited as one list (GET and PUT /folio/{id}/scope), and the earned value
// they give with CPI and SPI, from the server's indicators at the as-of date. After a save the
// figures are read again, the earned value before the change shown beside the new one.
import { useState } from 'preact/hooks';
import { useQuery } from '@tanstack/preact-query';
import { api } from '../api/budgets';
import type { Answer, Indicators, Schemas } from '../api/types';
import { num } from '../lib/json';
import { folioChanged, keys } from '../lib/queries';
import { indicatorsQuery } from '../lib/screenQueries';
import { isPlainAmount } from '../lib/decimal';
import * as fmt from '../lib/format';
import { folioHref } from '../lib/routes';
import { announce, mayChangeFolio } from '../state';
import { useSubmit } from '../components/useSubmit';
import { IndicatorGrid } from '../components/IndicatorGrid';
import { Card, ErrorBox, FiguresRefused, FormErrors, Loading, Money, Rag } from '../components/ui';
import type { FolioProps } from './FolioProps';

type ScopeItem = Answer<Schemas['ScopeItem']>;

/** A row as typed. */
interface Row {
  key: string;
  weight: string;
  logged: string;
  remaining: string;
  done: boolean;
  progressive: boolean;
}

const NUMBERS = ['weight', 'logged', 'remaining'] as const;
const LABEL = { key: 'Key', weight: 'Weight', logged: 'Logged', remaining: 'Remaining', done: 'Done', progressive: 'Progressive' } as const;

const rowOf = (i: ScopeItem): Row => ({ ...i });
const blank = (): Row => ({ key: '', weight: '1', logged: '0', remaining: '0', done: false, progressive: true });

/** The checks made before sending, by the server's field names (`items[2].weight`). */
export function checkRows(rows: readonly Row[]): Record<string, string> {
  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  rows.forEach((r, i) => {
    const key = r.key.trim();
    if (!key) errors[`items[${i}].key`] = 'Key is required';
    else if (seen.has(key)) errors[`items[${i}].key`] = `Key ${key} is listed twice`;
    seen.add(key);
    for (const n of NUMBERS) if (!isPlainAmount(r[n].trim())) errors[`items[${i}].${n}`] = `${LABEL[n]} must be a number 0 or more, such as 2.5, got “${r[n]}”`;
  });
  return errors;
}

export function Scope({ folio, asOf }: FolioProps) {
  const scope = useQuery({ queryKey: keys.scope(folio.id), queryFn: ({ signal }) => api.scope(folio.id, signal) });
  const ind = useQuery(indicatorsQuery(folio.id, asOf));
  const mayChange = mayChangeFolio(folio) && !folio.deletedOn;
  const [before, setBefore] = useState<Indicators | null>(null);
  return (
    <div class="stack scope">
      <Card title={<>Earned value as of {fmt.date(asOf)}</>} actions={ind.data ? <span class="muted">All figures in {ind.data.currencyCode}</span> : null}>
        {!folio.withEarned ? (
          <p class="alert alert-info">
            This folio does not use earned value: EV, CPI and SPI stay empty. Turn on “Uses earned value” in its{' '}
            <a href={folioHref(folio.id, 'settings')}>settings</a>.
          </p>
        ) : null}
        {ind.error ? <FiguresRefused error={ind.error} onRetry={() => void ind.refetch()} title="Earned value" /> : null}
        {!ind.data && !ind.error ? <Loading label="Computing the earned value" /> : null}
        {ind.data ? <Progress now={ind.data} before={before} busy={ind.isFetching} /> : null}
      </Card>
      {scope.error ? <ErrorBox error={scope.error} onRetry={() => void scope.refetch()} /> : null}
      {!scope.data && !scope.error ? <Loading label="Loading the scope items" /> : null}
      {scope.data ? (
        <ScopeForm
          key={JSON.stringify(scope.data.items)}
          folioId={folio.id}
          items={scope.data.items}
          mayChange={mayChange}
          onSaved={() => setBefore(ind.data ?? null)}
        />
      ) : null}
    </div>
  );
}

/** EV, CPI and SPI with their lights, and what EV was before the last save. */
function Progress({ now, before, busy }: { now: Indicators; before: Indicators | null; busy: boolean }) {
  const moved = before && before.ev !== now.ev;
  return (
    <div aria-busy={busy ? 'true' : undefined} aria-live="polite">
      <IndicatorGrid indicators={now} currency={now.currencyCode} only={['bac', 'pv', 'ev', 'ac', 'cpi', 'spi']} />
      <p class="lights-inline">
        <Rag status={now.cpiStatus} label="CPI" /> <Rag status={now.spiStatus} label="SPI" />
      </p>
      {moved ? (
        <p class="muted" data-ev-before={before.ev ?? ''}>
          EV was <Money value={before.ev} currency={now.currencyCode} /> before the last save.
        </p>
      ) : null}
    </div>
  );
}

function ScopeForm({ folioId, items, mayChange, onSaved }: { folioId: string; items: readonly ScopeItem[]; mayChange: boolean; onSaved: () => void }) {
  const [rows, setRows] = useState<Row[]>(() => items.map(rowOf));
  const submit = useSubmit(rows.flatMap((_, i) => Object.keys(LABEL).map((k) => `items[${i}].${k}`)));
  const dirty = JSON.stringify(rows) !== JSON.stringify(items.map(rowOf));
  const edit = (i: number, change: Partial<Row>) => setRows((all) => all.map((r, j) => (j === i ? { ...r, ...change } : r)));
  const save = async (e: Event) => {
    e.preventDefault();
    await submit.run(checkRows(rows), async () => {
      await api.putScope(folioId, {
        items: rows.map((r) => ({
          key: r.key.trim(),
          weight: num(r.weight.trim()),
          logged: num(r.logged.trim()),
          remaining: num(r.remaining.trim()),
          done: r.done,
          progressive: r.progressive,
        })),
      });
      onSaved();
      await folioChanged(folioId);
      announce(`Scope saved: ${fmt.count(rows.length)} item${rows.length === 1 ? '' : 's'}.`);
    });
  };
  const err = submit.err;
  return (
    <section class="card" aria-labelledby="scope-title">
      <h2 id="scope-title">Scope items ({fmt.count(rows.length)})</h2>
      <p class="muted">
        A done item earns its weight; a progressive one earns its weight × logged ÷ (logged + remaining), at most its weight; any other earns nothing. EV is BAC
        × earned weight ÷ total weight.
      </p>
      <form class="form" onSubmit={(e) => void save(e)} noValidate>
        <fieldset class="plain" disabled={!mayChange || submit.busy}>
          <legend class="sr-only">Scope items</legend>
          <FormErrors refusal={submit.refusal} />
          {rows.length === 0 ? <p data-scope="empty">No scope item yet: EV is empty until the folio has one with a weight.</p> : null}
          {rows.length ? (
            <div class="scope-head" aria-hidden="true">
              {Object.values(LABEL).map((l) => (
                <span key={l}>{l}</span>
              ))}
              <span />
            </div>
          ) : null}
          {rows.map((r, i) => (
            <div class="scope-item" key={i} data-scope-item={r.key} role="group" aria-label={`Scope item ${i + 1}${r.key ? `: ${r.key}` : ''}`}>
              <ScopeText label="Key" value={r.key} error={err(`items[${i}].key`)} onValue={(key) => edit(i, { key })} />
              {NUMBERS.map((n) => (
                <ScopeText key={n} label={LABEL[n]} value={r[n]} error={err(`items[${i}].${n}`)} onValue={(v) => edit(i, { [n]: v })} decimal />
              ))}
              {(['done', 'progressive'] as const).map((b) => (
                <label key={b} class="scope-cell scope-check">
                  <input type="checkbox" checked={r[b]} onChange={(e) => edit(i, { [b]: e.currentTarget.checked })} />
                  <span class="scope-label">{LABEL[b]}</span>
                </label>
              ))}
              {mayChange ? (
                <button
                  type="button"
                  class="btn btn-small btn-ghost"
                  aria-label={`Remove scope item ${r.key || i + 1}`}
                  onClick={() => setRows((all) => all.filter((_, j) => j !== i))}
                >
                  Remove
                </button>
              ) : (
                <span />
              )}
            </div>
          ))}
          {mayChange ? (
            <div class="form-actions start">
              <button type="button" class="btn" onClick={() => setRows((all) => [...all, blank()])}>
                Add scope item
              </button>
              <button type="submit" class="btn btn-primary" disabled={!dirty || submit.busy}>
                {submit.busy ? 'Saving…' : 'Save scope'}
              </button>
              <button
                type="button"
                class="btn"
                disabled={!dirty || submit.busy}
                onClick={() => {
                  setRows(items.map(rowOf));
                  submit.clear();
                }}
              >
                Discard changes
              </button>
            </div>
          ) : (
            <p class="muted">The folio’s owner and budget administrators change its scope.</p>
          )}
        </fieldset>
      </form>
    </section>
  );
}

/** One cell of a scope item: its label (shown on narrow screens), its input, its message. */
function ScopeText({
  label,
  value,
  error,
  onValue,
  decimal,
}: {
  label: string;
  value: string;
  error?: string | undefined;
  onValue: (v: string) => void;
  decimal?: boolean;
}) {
  return (
    <label class={`scope-cell${error ? ' has-error' : ''}`}>
      <span class="scope-label">{label}</span>
      <input
        value={value}
        inputMode={decimal ? 'decimal' : undefined}
        aria-invalid={error ? 'true' : undefined}
        onInput={(e) => onValue(e.currentTarget.value)}
      />
      {error ? <small class="field-error">{error}</small> : null}
    </label>
  );
}
