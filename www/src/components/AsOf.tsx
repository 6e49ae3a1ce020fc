// The as-of date of every figure on a folio's or a portfolio's page: a date input and "Today".
// The date is the planner's one (state.ts), kept in the address when it is not today.
import { asOf, setAsOf } from '../state';
import * as fmt from '../lib/format';

/** The as-of date picker; `id` names its input (one per page). */
export function AsOfPicker({ id }: { id: string }) {
  return (
    <div class="asof">
      <label for={id}>As of</label>
      <input
        id={id}
        type="date"
        value={asOf.value}
        onChange={(e) => {
          const v = e.currentTarget.value;
          if (v) setAsOf(v);
        }}
      />
      <button type="button" class="btn btn-small" onClick={() => setAsOf(fmt.today())}>
        Today
      </button>
    </div>
  );
}
