// The fields a folio is made with and changed by (the new-folio form, the settings): name,
// description, dates, owner, currency, reserve, contingency, tolerance, with the checks made
// before sending (the server makes them again, and the rest: S7.2).
import type { ComponentChildren } from 'preact';
import { useId } from 'preact/hooks';
import { checkCurrency, checkPercentage, checkPeriod, requireText, type FieldErrors } from '../lib/validate';
import { RatesLink } from './RatesLink';
import { Field, SelectField, bind } from './ui';

/** The folio's fields as typed. */
export interface FolioText {
  name: string;
  description: string;
  startDate: string;
  endDate: string;
  owner: string;
  currencyCode: string;
  reserve: string;
  contingency: string;
  tolerance: string;
  /** `workingDays` or `plan`. */
  plannedValueMethod: string;
  /** `cpi`, `cpiSpi`, `remainingAsPlanned` or `scheduled`. */
  eacMethod: string;
}

/** The names of [`FolioText`]'s fields, the server's, in the order the form shows them. */
export const FOLIO_TEXT_FIELDS: readonly (keyof FolioText)[] = [
  'name',
  'description',
  'startDate',
  'endDate',
  'owner',
  'currencyCode',
  'reserve',
  'contingency',
  'tolerance',
  'plannedValueMethod',
  'eacMethod',
];

/** How planned value may be computed, each with what it means in a sentence. */
export const PV_METHODS = [
  {
    value: 'plan',
    label: 'By the plan',
    phrase: 'by the plan',
    hint: 'PV is the planned cost to date: the plan’s own phasing of its cost (the latest baseline, else the draft).',
  },
  { value: 'workingDays', label: 'By working days', phrase: 'by working days', hint: 'PV spreads BAC evenly over the folio’s working days.' },
] as const;

/** How the estimate at completion may be forecast, each with what it means in a sentence. */
export const EAC_METHODS = [
  {
    value: 'cpi',
    label: 'By cost performance (BAC / CPI)',
    phrase: 'by cost performance (BAC / CPI)',
    hint: 'The rest of the work costs as the work so far did.',
  },
  {
    value: 'cpiSpi',
    label: 'By cost and schedule performance',
    phrase: 'by cost and schedule performance',
    hint: 'AC + (BAC − EV) / (CPI × SPI): the rest costs as the work so far did, and as late.',
  },
  {
    value: 'remainingAsPlanned',
    label: 'The rest as planned',
    phrase: 'the rest as planned',
    hint: 'AC + BAC − EV: the work not yet earned costs what was planned.',
  },
  {
    value: 'scheduled',
    label: 'By what is scheduled',
    phrase: 'by what is scheduled',
    hint: 'Actual and scheduled cost, and the planned cost they do not cover yet: never below what is scheduled.',
  },
] as const;

/** The checks of `f` made before sending, into `errors` (by the server's field names). */
export function checkFolioText(errors: FieldErrors, f: FolioText): FieldErrors {
  requireText(errors, 'name', f.name, 'Name');
  if (f.description.length > 500) errors.description = 'Description may have at most 500 characters';
  checkPeriod(errors, 'startDate', 'endDate', f.startDate, f.endDate);
  checkCurrency(errors, 'currencyCode', f.currencyCode);
  checkPercentage(errors, 'reserve', f.reserve, 'Reserve', '10000');
  checkPercentage(errors, 'contingency', f.contingency, 'Contingency', '10000');
  checkPercentage(errors, 'tolerance', f.tolerance, 'Tolerance');
  return errors;
}

/**
 * The fields of `values`; `owner` is the owner's field (a form decides who may change it), `more`
 * further fields beside the percentages.
 */
export function FolioFields({
  values,
  set,
  err,
  owner,
  more,
}: {
  values: FolioText;
  set: (k: keyof FolioText) => (v: string) => void;
  err: (name: string) => string | undefined;
  owner: ComponentChildren;
  more?: ComponentChildren;
}) {
  const description = useId();
  return (
    <>
      <Field label="Name" {...bind(values, set, err, 'name')} required maxLength={255} />
      <div class={`field${err('description') ? ' has-error' : ''}`}>
        <label for={description}>Description</label>
        <textarea
          id={description}
          name="description"
          maxLength={500}
          rows={2}
          value={values.description}
          onInput={(e) => set('description')(e.currentTarget.value)}
          aria-invalid={err('description') ? 'true' : undefined}
        />
        {err('description') ? (
          <small class="field-error" data-field="description">
            {err('description')}
          </small>
        ) : null}
      </div>
      <div class="grid-2">
        <Field label="Start date" {...bind(values, set, err, 'startDate')} type="date" required />
        <Field label="End date" {...bind(values, set, err, 'endDate')} type="date" required />
      </div>
      <div class="grid-2">
        {owner}
        <div>
          <Field
            label="Currency"
            name="currencyCode"
            value={values.currencyCode}
            onValue={(v) => set('currencyCode')(v.toUpperCase())}
            error={err('currencyCode')}
            maxLength={3}
            autoComplete="off"
            hint="ISO 4217, e.g. EUR, USD, JPY. Every expense in another currency needs a rate into it."
          />
          <RatesLink message={err('currencyCode')} />
        </div>
      </div>
      <div class={more ? 'grid-4' : 'grid-3'}>
        <Field label="Reserve (%)" {...bind(values, set, err, 'reserve')} inputMode="decimal" />
        <Field label="Contingency (%)" {...bind(values, set, err, 'contingency')} inputMode="decimal" />
        <Field
          label="Tolerance (%)"
          {...bind(values, set, err, 'tolerance')}
          inputMode="decimal"
          hint="Indices within this range below 1 are amber, not red."
        />
        {more}
      </div>
      <div class="grid-2">
        <SelectField
          label="Planned value"
          {...bind(values, set, err, 'plannedValueMethod')}
          options={PV_METHODS}
          hint={PV_METHODS.find((m) => m.value === values.plannedValueMethod)?.hint}
        />
        <SelectField
          label="Forecast (EAC)"
          {...bind(values, set, err, 'eacMethod')}
          options={EAC_METHODS}
          hint={EAC_METHODS.find((m) => m.value === values.eacMethod)?.hint}
        />
      </div>
    </>
  );
}
