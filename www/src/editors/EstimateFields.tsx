// A planned cost's three-point estimate (S14.1): how much its remaining cost may vary, as factors
// of its plan (0.9, 1, 1.4: 10 % below to 40 % above). All three or none: empty, the line takes
// the folio's default. Each factor is read as the browser's locale writes numbers and checked
// here for the obvious (a number above 0, at most 100); their order the server checks, its
// refusal placed at the fieldset.
import type { Estimate } from '../api/types';
import type { FieldErrors } from '../lib/validate';
import { compare } from '../lib/decimal';
import { readNumber, typed } from '../lib/numbers';
import { Field } from '../components/ui';
import type { WireNumber } from '../api/types';

/** The three factors as typed. */
export interface EstimateDraft {
  low: string;
  likely: string;
  high: string;
}

const POINTS = [
  ['low', 'Best case'],
  ['likely', 'Most likely'],
  ['high', 'Worst case'],
] as const;

/** The draft of a stored estimate (none: three empty fields). */
export function estimateDraft(estimate: Estimate | null | undefined): EstimateDraft {
  return { low: estimate?.low ?? '', likely: estimate?.likely ?? '', high: estimate?.high ?? '' };
}

/** Whether the draft says nothing (the folio's default applies). */
export function estimateEmpty(draft: EstimateDraft): boolean {
  return !draft.low.trim() && !draft.likely.trim() && !draft.high.trim();
}

/** Checks the draft into `errors` (at `estimate.low` ..., `field` the estimate's name): all three
 * or none, each above 0 and at most 100. */
export function checkEstimate(errors: FieldErrors, draft: EstimateDraft, field = 'estimate'): void {
  if (estimateEmpty(draft)) return;
  for (const [key, label] of POINTS) {
    const text = draft[key].trim();
    const read = readNumber(text);
    const at = `${field}.${key}`;
    if (!text) errors[at] = `${label} is needed when the others are given (or leave all three empty)`;
    else if (!read.ok) errors[at] = `${label}: ${read.message}`;
    else if (read.negative || compare(read.text, '0') <= 0) errors[at] = `${label} must be above 0, got ${text}`;
    else if (compare(read.text, '100') > 0) errors[at] = `${label} must be at most 100 times the plan, got ${text}`;
  }
}

/** The body's `estimate` of a checked draft: undefined when it is empty. */
export function estimateBody(draft: EstimateDraft): { low: WireNumber; likely: WireNumber; high: WireNumber } | undefined {
  if (estimateEmpty(draft)) return undefined;
  return { low: typed(draft.low), likely: typed(draft.likely), high: typed(draft.high) };
}

/** The three fields, with the server's refusal of the estimate as a whole under them. */
export function EstimateFields({
  draft,
  onDraft,
  err,
  field = 'estimate',
  legend = 'Uncertainty of what remains (times its plan)',
  hint = "For the forecast's confidence: 0.9, 1 and 1.4 say 10 % below to 40 % above the plan. Leave empty for the folio's default.",
}: {
  draft: EstimateDraft;
  onDraft: (draft: EstimateDraft) => void;
  err: (field: string) => string | undefined;
  /** The estimate's name in the body, its fields' names below it. */
  field?: string;
  legend?: string;
  hint?: string;
}) {
  return (
    <fieldset class="estimate-fields">
      <legend>{legend}</legend>
      <p class="muted">{hint}</p>
      <div class="row">
        {POINTS.map(([key, label]) => (
          <Field
            key={key}
            label={label}
            name={`${field}.${key}`}
            inputMode="decimal"
            value={draft[key]}
            onValue={(value) => onDraft({ ...draft, [key]: value })}
            error={err(`${field}.${key}`)}
          />
        ))}
      </div>
      {err(field) ? (
        <p class="error" role="alert">
          {err(field)}
        </p>
      ) : null}
    </fieldset>
  );
}
