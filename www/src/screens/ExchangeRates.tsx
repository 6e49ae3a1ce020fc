// Exchange rates (`/admin/exchange-rates`): every dated rate the server converts expenses with
// (GET /budgets/1/exchangerate), which everyone reads; a budget administrator adds a pair's rate
// on a date or changes it (PUT, one rate per pair and date) and removes one (DELETE), refused with
// the folios that still need it when it is its pair's last (S5.6: 409).
import { useState } from 'preact/hooks';
import { useQuery } from '@tanstack/preact-query';
import { api } from '../api/budgets';
import type { Answer, Schemas } from '../api/types';
import { useSubmit } from '../components/useSubmit';
import { everythingChanged, keys } from '../lib/queries';
import { checkAmount, checkCurrency, checkDate, type FieldErrors } from '../lib/validate';
import * as fmt from '../lib/format';
import { session, announce } from '../state';
import { RemoveActions, useRemoval } from '../components/Removal';
import { AdminTabs } from './AdminTabs';
import { ErrorBox, Field, FormErrors, Loading, bind } from '../components/ui';
import { Col, EmptyRow } from '../components/Table';
import { typed } from '../lib/numbers';

type ExchangeRate = Answer<Schemas['ExchangeRate']>;

const FIELDS = ['from', 'to', 'rate', 'effectiveDate'];

/** The rates by pair, then by date, newest first: the order a reader looks for the one in force. */
function sorted(rates: readonly ExchangeRate[]): ExchangeRate[] {
  return [...rates].sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to) || b.effectiveDate.localeCompare(a.effectiveDate));
}

const rowKey = (r: ExchangeRate) => `${r.from}-${r.to}-${r.effectiveDate}`;

export function ExchangeRates() {
  const list = useQuery({ queryKey: keys.exchangeRates(), queryFn: ({ signal }) => api.exchangeRates(signal) });
  const admin = session.value?.budgetAdmin === true;
  return (
    <div class="page">
      <AdminTabs />
      <div class="page-head">
        <div>
          <h1>Exchange rates</h1>
          <p class="muted">
            An expense in another currency is converted at the rate of its pair in force on each payment’s date (the opposite pair’s inverse when only that one
            is given).
          </p>
        </div>
      </div>
      {admin ? <RateForm /> : <p class="muted">Only budget administrators add, change and remove rates.</p>}
      {list.error ? <ErrorBox error={list.error} onRetry={() => void list.refetch()} /> : null}
      {!list.data && !list.error ? <Loading label="Loading exchange rates" /> : null}
      {list.data ? <RateTable rates={sorted(list.data)} admin={admin} /> : null}
    </div>
  );
}

/** Adds a rate, or changes the one its pair has on that date. */
function RateForm() {
  const [f, setF] = useState({ from: 'USD', to: 'EUR', rate: '', effectiveDate: '' });
  const submitting = useSubmit(FIELDS);
  const set = (k: keyof typeof f) => (v: string) => setF((p) => ({ ...p, [k]: v }));

  const submit = async (e: Event) => {
    e.preventDefault();
    const errors: FieldErrors = {};
    checkCurrency(errors, 'from', f.from);
    checkCurrency(errors, 'to', f.to);
    checkAmount(errors, 'rate', f.rate, 'Rate');
    checkDate(errors, 'effectiveDate', f.effectiveDate, 'Effective date');
    await submitting.run(errors, async () => {
      await api.putExchangeRate({ from: f.from.trim(), to: f.to.trim(), rate: typed(f.rate), effectiveDate: f.effectiveDate });
      announce(`${f.from.trim()} → ${f.to.trim()} from ${fmt.date(f.effectiveDate)} saved.`);
      setF((p) => ({ ...p, rate: '' }));
      // Every folio with an expense in that pair may cost differently now.
      await everythingChanged();
    });
  };

  return (
    <section class="card" aria-labelledby="rate-form-title">
      <h2 id="rate-form-title">Add or change a rate</h2>
      <form class="form" onSubmit={(e) => void submit(e)} noValidate>
        <FormErrors refusal={submitting.refusal} />
        <div class="grid-4">
          <Field {...bind(f, set, submitting.err, 'from')} label="From currency" maxLength={3} autoComplete="off" />
          <Field {...bind(f, set, submitting.err, 'to')} label="To currency" maxLength={3} autoComplete="off" />
          <Field {...bind(f, set, submitting.err, 'rate')} label="Rate" inputMode="decimal" hint="One unit of the first currency in the second" />
          <Field {...bind(f, set, submitting.err, 'effectiveDate')} label="Effective date" type="date" />
        </div>
        <div class="form-actions start">
          <button type="submit" class="btn btn-primary" disabled={submitting.busy}>
            {submitting.busy ? 'Saving…' : 'Save rate'}
          </button>
        </div>
      </form>
    </section>
  );
}

function RateTable({ rates, admin }: { rates: ExchangeRate[]; admin: boolean }) {
  const removal = useRemoval(async (r: ExchangeRate) => {
    await api.deleteExchangeRate(r);
    announce(`${r.from} → ${r.to} from ${fmt.date(r.effectiveDate)} removed.`);
    // The rates' list and every folio with an expense in that pair.
    await everythingChanged();
  });

  return (
    <section class="card">
      <FormErrors refusal={removal.refusal} />
      <div class="table-scroll" tabIndex={0} role="region" aria-label="Exchange rates table">
        <table class="table">
          <caption>Exchange rates ({fmt.count(rates.length)})</caption>
          <thead>
            <tr>
              <th scope="col">Pair</th>
              <Col align="right">Rate</Col>
              {admin ? <Col align="right">Actions</Col> : null}
            </tr>
          </thead>
          <tbody>
            {rates.map((r) => {
              const key = rowKey(r);
              const pair = `${r.from} → ${r.to}`;
              return (
                <tr key={key} data-rate={key}>
                  <th scope="row">
                    <span class="nowrap">{pair}</span>
                    <div class="sub">from {fmt.date(r.effectiveDate)}</div>
                  </th>
                  <td class="right num">{fmt.decimal(r.rate)}</td>
                  {admin ? (
                    <td class="right">
                      <RemoveActions
                        verb="Remove"
                        what={`${pair} from ${fmt.date(r.effectiveDate)}`}
                        asking={removal.asked === key}
                        busy={removal.busy}
                        onAsk={() => removal.ask(key)}
                        onKeep={() => removal.ask(null)}
                        onConfirm={() => void removal.remove(r)}
                      />
                    </td>
                  ) : null}
                </tr>
              );
            })}
            <EmptyRow columns={admin ? 3 : 2} when={rates.length === 0}>
              No exchange rate yet: an expense can only be in its folio’s currency.
            </EmptyRow>
          </tbody>
        </table>
      </div>
    </section>
  );
}
