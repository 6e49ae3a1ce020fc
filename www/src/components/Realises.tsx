// What an actual item realises, and whether a planned item's line is complete (S9.12): the
// expense and position editors' shared fields. The planned items come from the folio's items;
// the one of the same name is suggested, never chosen silently.
import { SelectField, Checkbox } from './ui';
import { suggestRealised, type Realisable } from '../lib/costLines';

/** The planned item `value` (an id, or '' for none) chosen from `planned`; the namesake of the
 * first of `names` that has one (the item's name, then a team member's role) is suggested. */
export function RealisesField({
  planned,
  value,
  onValue,
  names,
  noun,
  error,
}: {
  planned: readonly Realisable[];
  value: string;
  onValue: (id: string) => void;
  names: readonly string[];
  /** What the planned items are (`planned expense`, `planned position`). */
  noun: string;
  error?: string | undefined;
}) {
  const options = [
    { value: '', label: 'Nothing: unplanned' },
    ...[...planned].sort((a, b) => a.name.localeCompare(b.name)).map((p) => ({ value: p.id, label: p.name })),
  ];
  // A stored link to an item no longer listed (deleted since) stays as it is.
  if (value && !planned.some((p) => p.id === value)) options.push({ value, label: `${noun} ${value} (no longer in the plan)` });
  const suggested = value ? undefined : names.map((name) => suggestRealised(name, planned)).find(Boolean);
  return (
    <div class="realises">
      <SelectField
        label={`Realises (${noun})`}
        name="realises"
        value={value}
        onValue={onValue}
        options={options}
        error={error}
        hint="Its cost counts in that planned item's line: budget against actual."
      />
      {suggested ? (
        <p class="hint" data-suggested={suggested.id}>
          Its name matches the {noun} “{suggested.name}”.{' '}
          <button type="button" class="link-button" onClick={() => onValue(suggested.id)}>
            Link to it
          </button>
        </p>
      ) : null}
    </div>
  );
}

/** Whether a planned item's line is complete: its forecast is then what realises it. */
export function CompleteField({ checked, onValue }: { checked: boolean; onValue: (v: boolean) => void }) {
  return (
    <Checkbox
      name="complete"
      checked={checked}
      onValue={onValue}
      label="Line complete"
      hint="Nothing more will be spent on it: its forecast is what realises it, and what is left of its plan is released."
    />
  );
}
