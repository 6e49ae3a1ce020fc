// Every indicator with its meaning on hover and focus; `data-indicator` names it and `data-value`
// holds the server's exact string.
import type { Indicators } from '../api/types';
import { INDICATORS } from '../lib/indicators';
import * as fmt from '../lib/format';
import { Hint, Rag } from './ui';
import { lightsOf } from '../lib/lights';

/** The indicators (`only` those, in their usual order, when given). */
export function IndicatorGrid({
  indicators,
  currency,
  only,
  explain,
}: {
  indicators: Indicators;
  currency: string;
  only?: readonly string[];
  /** Opens a figure's explanation: each value is then a button. */
  explain?: (figure: string, label: string) => void;
}) {
  return (
    <dl class="indicators">
      {INDICATORS.filter((info) => !only || only.includes(info.key)).map((info) => {
        const value = indicators[info.key];
        const shown = info.kind === 'money' ? fmt.money(value, currency) : info.kind === 'percent' ? fmt.percent(value) : fmt.decimal(value);
        return (
          <div class="indicator" key={info.key}>
            <dt>
              <Hint text={`${info.name}: ${info.meaning}`}>
                <abbr title={info.name}>{info.abbr}</abbr>
              </Hint>
            </dt>
            <dd class="num" data-indicator={info.key} data-value={value ?? ''}>
              {explain ? (
                <button type="button" class="figure-button" onClick={() => explain(info.key, info.name)} aria-label={`${shown}: explain ${info.name}`}>
                  {shown}
                </button>
              ) : (
                shown
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/** The status each light shows. */
const LIGHT_FIGURE = { cost: 'cpiStatus', schedule: 'spiStatus', revenue: 'revenueStatus', margin: 'marginStatus' } as const;

/** The four lights, all the server's statuses (cpiStatus, spiStatus, revenueStatus, marginStatus);
 * with `explain`, each opens its status's explanation (which threshold it crossed). */
export function Lights({ indicators, big, explain }: { indicators: Indicators; big?: boolean; explain?: (figure: string, label: string) => void }) {
  return (
    <ul class={`lights${big ? ' lights-big' : ''}`} aria-label="Traffic lights">
      {lightsOf(indicators).map((l) => (
        <li key={l.key} data-light={l.key}>
          <Rag status={l.status} label={l.label} title={l.basis} />
          {big ? <small class="muted">{l.basis}</small> : null}
          {explain ? (
            <button type="button" class="link-button small" onClick={() => explain(LIGHT_FIGURE[l.key], `${l.label} light`)}>
              Why?<span class="sr-only"> {l.label} light</span>
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
