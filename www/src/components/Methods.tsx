// How a folio's figures were made (S9.10): the methods of its planned value and of its forecast,
// in words, and a warning when the forecast falls below the cost already scheduled (the server
// says by how much: no money is computed here).
import type { Indicators } from '../api/types';
import * as fmt from '../lib/format';
import { EAC_METHODS, PV_METHODS } from './FolioFields';

/** The methods of `indicators` in a sentence, and the warning of a forecast that cannot come true. */
export function Methods({ indicators }: { indicators: Indicators }) {
  const pv = PV_METHODS.find((m) => m.value === (indicators.plannedValueMethod ?? 'workingDays'));
  const eac = EAC_METHODS.find((m) => m.value === (indicators.eacMethod ?? 'cpi'));
  const below = indicators.eacBelowScheduled;
  return (
    <>
      <p class="muted methods">
        Planned value {pv?.phrase ?? ''}; forecast {eac?.phrase ?? ''}.
      </p>
      {below != null && indicators.eac != null ? (
        <div class="alert alert-warning" role="status" data-warning="eac-below-scheduled">
          EAC is {fmt.money(below, indicators.currencyCode)} below the cost already scheduled ({fmt.money(indicators.eacKnown, indicators.currencyCode)}): this
          forecast cannot come true. Choose the forecast “by what is scheduled” in the settings, or look at what is scheduled.
        </div>
      ) : null}
    </>
  );
}
