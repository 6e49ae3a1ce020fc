// Scope and progress (`/folios/{id}/scope`): the scope items whose progress earns the folio's value
// (S9.3: a done item earns its weight, a progressive one weight x logged / (logged + remaining),
// capped at its weight), as measured on a day (S9.10): the items in force on the as-of date are
// edited as one list and saved as measured on a day the user picks (never a day to come), and
// every earlier measurement is listed with its progress, each a link to the figures of its day.
// The earned value with CPI and SPI comes from the server's indicators at the as-of date; after a
// save the figures are read again, the earned value before the change shown beside the new one.
import { useId, useState } from 'preact/hooks';
import { useQuery } from '@tanstack/preact-query';
import { api } from '../../api/budgets';
import type { Answer, Indicators, Schemas } from '../../api/types';
import { folioChanged, keys } from '../../lib/queries';
import { indicatorsQuery } from '../../lib/screenQueries';
import { checkAmount } from '../../lib/validate';
import * as fmt from '../../lib/format';
import { folioHref, withAsOf } from '../../lib/routes';
import { announce } from '../../state';
import { useMayEdit } from '../../lib/editors';
import { useSubmit } from '../../components/useSubmit';
import { IndicatorGrid } from '../../components/IndicatorGrid';
import { Card, ErrorBox, Field, FiguresRefused, FormErrors, Loading, Money, Rag } from '../../components/ui';
import type { FolioProps } from '../FolioProps';
import { Col } from '../../components/Table';
import { typed } from '../../lib/numbers';

type ScopeItem = Answer<Schemas['ScopeItem']>;
type Measurement = Answer<Schemas['ScopeMeasurement']>;

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

/** The checks made before sending, by the server's field names (`items[2].weight`, `asOf`). */
export function checkRows(rows: readonly Row[], measuredOn = fmt.utcToday(), today = fmt.utcToday()): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!fmt.isIsoDate(measuredOn)) errors.asOf = 'Measured on must be a date, such as 2026-06-30';
  else if (measuredOn > today) errors.asOf = `Progress is recorded on a day that has come: ${fmt.date(today)} or earlier`;
  const seen = new Set<string>();
  rows.forEach((r, i) => {
    const key = r.key.trim();
    if (!key) errors[`items[${i}].key`] = 'Key is required';
    else if (seen.has(key)) errors[`items[${i}].key`] = `Key ${key} is listed twice`;
    seen.add(key);
    for (const n of NUMBERS) checkAmount(errors, `items[${i}].${n}`, r[n], LABEL[n]);
  });
  return errors;
}

export function Scope({ folio, asOf }: FolioProps) {
  const scope = useQuery({ queryKey: keys.scope(folio.id, asOf), queryFn: ({ signal }) => api.scope(folio.id, asOf, signal) });
  const ind = useQuery(indicatorsQuery(folio.id, asOf));
  const mayChange = useMayEdit(folio);
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
          key={`${asOf} ${JSON.stringify(scope.data.items)}`}
          folioId={folio.id}
          items={scope.data.items}
          measuredOn={scope.data.asOf}
          asOf={asOf}
          mayChange={mayChange}
          onSaved={() => setBefore(ind.data ?? null)}
        />
      ) : null}
      {scope.data ? <Measurements folioId={folio.id} measurements={scope.data.measurements} inForce={scope.data.asOf} /> : null}
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

/** Every measurement of the scope, the one in force on the as-of date marked, each a link to its day. */
function Measurements({ folioId, measurements, inForce }: { folioId: string; measurements: readonly Measurement[]; inForce: string | null | undefined }) {
  const today = fmt.today();
  return (
    <section class="card" aria-labelledby="measurements-title">
      <h2 id="measurements-title">Progress recorded ({fmt.count(measurements.length)})</h2>
      {measurements.length === 0 ? (
        <p data-measurements="none">No progress recorded yet: earned value stays empty until the scope is measured.</p>
      ) : (
        <div class="table-scroll" tabIndex={0} role="region" aria-label="Progress recorded">
          <table class="table" data-measurements={measurements.length}>
            <caption class="sr-only">Each measurement of the scope: the day, its items and the progress they make</caption>
            <thead>
              <tr>
                <th scope="col">Measured on</th>
                <Col align="num">Items</Col>
                <Col align="num">Progress</Col>
              </tr>
            </thead>
            <tbody>
              {[...measurements].reverse().map((m) => (
                <tr key={m.asOf} data-measured-on={m.asOf} aria-current={m.asOf === inForce ? 'true' : undefined}>
                  <td>
                    <a href={withAsOf(folioHref(folioId, 'scope'), m.asOf, today)} aria-label={`Figures as of ${fmt.date(m.asOf)}`}>
                      {fmt.date(m.asOf)}
                    </a>
                    {m.asOf === inForce ? <span class="badge">in force</span> : null}
                  </td>
                  <td class="num">{m.items}</td>
                  <td class="num">{m.progress === null || m.progress === undefined ? 'no weight' : `${m.progress} %`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function ScopeForm({
  folioId,
  items,
  measuredOn,
  asOf,
  mayChange,
  onSaved,
}: {
  folioId: string;
  items: readonly ScopeItem[];
  measuredOn: string | null | undefined;
  asOf: string;
  mayChange: boolean;
  onSaved: () => void;
}) {
  const [rows, setRows] = useState<Row[]>(() => items.map(rowOf));
  const utcToday = fmt.utcToday();
  const [day, setDay] = useState(asOf < utcToday ? asOf : utcToday);
  const submit = useSubmit(['asOf', ...rows.flatMap((_, i) => Object.keys(LABEL).map((k) => `items[${i}].${k}`))]);
  const dirty = JSON.stringify(rows) !== JSON.stringify(items.map(rowOf)) || day !== measuredOn;
  const edit = (i: number, change: Partial<Row>) => setRows((all) => all.map((r, j) => (j === i ? { ...r, ...change } : r)));
  const save = async (e: Event) => {
    e.preventDefault();
    await submit.run(checkRows(rows, day, utcToday), async () => {
      await api.putScope(folioId, {
        asOf: day,
        items: rows.map((r) => ({
          key: r.key.trim(),
          weight: typed(r.weight),
          logged: typed(r.logged),
          remaining: typed(r.remaining),
          done: r.done,
          progressive: r.progressive,
        })),
      });
      onSaved();
      await folioChanged(folioId);
      announce(`Progress as of ${fmt.date(day)} saved: ${fmt.count(rows.length)} item${rows.length === 1 ? '' : 's'}.`);
    });
  };
  const err = submit.err;
  return (
    <section class="card" aria-labelledby="scope-title">
      <h2 id="scope-title">Scope items ({fmt.count(rows.length)})</h2>
      <p data-in-force={measuredOn ?? ''}>
        {measuredOn
          ? `As measured on ${fmt.date(measuredOn)}, the measurement in force on ${fmt.date(asOf)}.`
          : `No progress recorded on or before ${fmt.date(asOf)}.`}
      </p>
      <p class="muted">
        A done item earns its weight; a progressive one earns its weight × logged ÷ (logged + remaining), at most its weight; any other earns nothing. EV is BAC
        × earned weight ÷ total weight.
      </p>
      <form class="form" onSubmit={(e) => void save(e)} noValidate>
        <fieldset class="plain" disabled={!mayChange || submit.busy}>
          <legend class="sr-only">Scope items</legend>
          <FormErrors refusal={submit.refusal} />
          {mayChange ? (
            <Field
              label="Measured on"
              name="asOf"
              type="date"
              value={day}
              max={utcToday}
              onValue={setDay}
              error={err('asOf')}
              hint="The day this progress was measured: it holds from that day until the next measurement. A day already measured is replaced."
            />
          ) : null}
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
                {submit.busy ? 'Saving…' : `Save progress as of ${fmt.date(day)}`}
              </button>
              <button
                type="button"
                class="btn"
                disabled={!dirty || submit.busy}
                onClick={() => {
                  setRows(items.map(rowOf));
                  setDay(asOf < utcToday ? asOf : utcToday);
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
  const id = useId();
  return (
    <label class={`scope-cell${error ? ' has-error' : ''}`}>
      <span class="scope-label">{label}</span>
      <input
        value={value}
        inputMode={decimal ? 'decimal' : undefined}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? id : undefined}
        onInput={(e) => onValue(e.currentTarget.value)}
      />
      {error ? (
        <small class="field-error" id={id}>
          {error}
        </small>
      ) : null}
    </label>
  );
}
