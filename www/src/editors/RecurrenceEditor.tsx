// The recurrence of an expense: its fields, the rule in words, and the next occurrences computed
// live by the wasm core (`expandRecurrence`) as the user types: a monthly expense on the 31st
// shows Feb 28 (or Feb 29 in a leap year).
import { useEffect, useState } from 'preact/hooks';
import { describeRecurrence, RECURRENCE_KINDS, recurrenceOf, WEEKDAYS, type AnyRecurrence, type RecurrenceDraft } from '../lib/recurrence';
import { toJson } from '../api/json';
import { coreMessage, loadCore } from '../api/wasm';
import * as fmt from '../lib/format';
import { Field, SelectField, bind } from '../components/ui';

const SHOWN = 12;

/**
 * `resolved`: the recurrence the form saves and its field messages, when it is not just the fields'
 * (`recurrenceOf`): an existing expense's stored recurrence with the changed fields over it, which
 * may say more than the fields do (an end date and a number of occurrences together). Its words
 * and occurrences are shown.
 */
export function RecurrenceEditor({
  draft,
  resolved,
  onDraft,
  errors,
  folioStart,
  folioEnd,
}: {
  draft: RecurrenceDraft;
  resolved?: { recurrence: AnyRecurrence | null; errors: Record<string, string> };
  onDraft: (d: RecurrenceDraft) => void;
  errors: Record<string, string>;
  folioStart: string;
  folioEnd: string;
}) {
  const set =
    <K extends keyof RecurrenceDraft>(k: K) =>
    (v: RecurrenceDraft[K]) =>
      onDraft({ ...draft, [k]: v });
  const [preview, setPreview] = useState<{ dates: string[]; total: number; error?: string } | null>(null);
  const { recurrence, errors: local } = resolved ?? recurrenceOf(draft);
  // The rule as the core reads it: the preview is computed again when it changes, not on every render.
  const recurrenceJson = recurrence ? toJson(recurrence) : null;

  useEffect(() => {
    if (recurrenceJson === null) {
      setPreview(null);
      return;
    }
    const rule = recurrenceJson;
    let live = true;
    loadCore().then(
      (core) => {
        if (!live) return;
        try {
          // Occurrences inside the folio (an expense pays only there, S5.1).
          const dates = core.expandRecurrence(rule, folioEnd, folioStart, folioEnd);
          setPreview({ dates: dates.slice(0, SHOWN), total: dates.length });
        } catch (e) {
          setPreview({ dates: [], total: 0, error: coreMessage(e) });
        }
      },
      (e: unknown) => live && setPreview({ dates: [], total: 0, error: `The planner's engine could not load: ${coreMessage(e)}` }),
    );
    return () => {
      live = false;
    };
  }, [recurrenceJson, folioStart, folioEnd]);

  const err = (k: string) => errors[`recurrence.${k}`] ?? local[`recurrence.${k}`];
  const repeating = draft.kind !== '.Once';
  const unit = { '.Daily': 'day(s)', '.Weekly': 'week(s)', '.Monthly': 'month(s)', '.Yearly': 'year(s)', '.Once': '' }[draft.kind];
  return (
    <fieldset class="recurrence">
      <legend>Recurrence</legend>
      <div class="grid-3">
        <SelectField
          label="Repeats"
          name="recurrence.kind"
          value={draft.kind}
          onValue={(v) => set('kind')(v as RecurrenceDraft['kind'])}
          options={RECURRENCE_KINDS.map((k) => ({ value: k.kind, label: k.label }))}
        />
        <Field label={repeating ? 'First date' : 'Date'} {...bind(draft, set, err, 'startDate', 'recurrence.startDate')} type="date" />
        {repeating ? <Field label={`Repeat every (${unit})`} {...bind(draft, set, err, 'interval', 'recurrence.interval')} inputMode="numeric" /> : null}
      </div>
      {draft.kind === '.Weekly' ? (
        <fieldset class="weekdays-set" aria-describedby={err('recurrenceOn') ? 'weekdays-error' : undefined}>
          <legend>On</legend>
          <div class="weekdays">
            {WEEKDAYS.map((name, i) => (
              <label key={name}>
                <input
                  type="checkbox"
                  name="recurrence.recurrenceOn"
                  value={String(i + 1)}
                  checked={draft.weekdays.includes(i + 1)}
                  onChange={(e) => {
                    const on = e.currentTarget.checked;
                    set('weekdays')(on ? [...draft.weekdays, i + 1] : draft.weekdays.filter((d) => d !== i + 1));
                  }}
                />
                {name}
              </label>
            ))}
          </div>
          {err('recurrenceOn') ? (
            <small id="weekdays-error" class="field-error">
              {err('recurrenceOn')}
            </small>
          ) : null}
        </fieldset>
      ) : null}
      {draft.kind === '.Monthly' ? (
        <SelectField
          label="Day of the month"
          name="recurrence.recurrenceBy"
          value={draft.monthlyBy}
          onValue={(v) => set('monthlyBy')(v as RecurrenceDraft['monthlyBy'])}
          options={[
            { value: 'DAY_OF_MONTH', label: 'The same day of the month (the last day in shorter months)' },
            { value: 'DAY_OF_WEEK', label: 'The same weekday (e.g. the second Tuesday)' },
          ]}
        />
      ) : null}
      {repeating ? (
        <div class="grid-3">
          <SelectField
            label="Ends"
            name="recurrence.end"
            value={draft.end}
            onValue={(v) => set('end')(v as RecurrenceDraft['end'])}
            options={[
              { value: 'folio', label: 'When the folio ends' },
              { value: 'date', label: 'On a date' },
              { value: 'count', label: 'After a number of times' },
            ]}
          />
          {draft.end === 'date' ? <Field label="End date" {...bind(draft, set, err, 'endDate', 'recurrence.endDate')} type="date" /> : null}
          {draft.end === 'count' ? <Field label="Occurrences" {...bind(draft, set, err, 'occurrences', 'recurrence.occurrences')} inputMode="numeric" /> : null}
        </div>
      ) : null}
      <div class="preview" aria-live="polite" data-testid="recurrence-preview">
        <p class="rule" data-testid="recurrence-words">
          <strong>{recurrence ? describeRecurrence(recurrence, fmt.browserLocale(), folioEnd) : 'Complete the fields to see the rule.'}</strong>
        </p>
        {preview?.error ? <p class="field-error">{preview.error}</p> : null}
        {preview && !preview.error ? (
          preview.total === 0 ? (
            <p class="muted">No occurrence falls inside the folio ({fmt.period(folioStart, folioEnd)}): this expense would pay nothing.</p>
          ) : (
            <>
              <p class="muted small">
                {preview.total > SHOWN
                  ? `First ${SHOWN} of ${fmt.count(preview.total)} payments inside the folio:`
                  : `${fmt.count(preview.total)} payment${preview.total === 1 ? '' : 's'} inside the folio:`}
              </p>
              <ol aria-label="Next occurrences">
                {preview.dates.map((d) => (
                  <li key={d} data-date={d}>
                    <time dateTime={d}>{fmt.longDate(d)}</time>
                  </li>
                ))}
              </ol>
            </>
          )
        ) : null}
      </div>
    </fieldset>
  );
}
