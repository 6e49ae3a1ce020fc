// One cost line explained (S9.12): its rule in words, each of its figures as the server gave it,
// and what realises it, each item's money opening that item's own explanation (the server's
// `/expense|position/{id}/explain`). Nothing is computed here: the figures are the line's.
import type { CostLine } from '../api/types';
import * as fmt from '../lib/format';
import { Dialog } from './Dialog';
import { Rag } from './ui';

/** The line's forecast rule, in a controller's words. */
function rule(line: CostLine): string {
  if (!line.planned) return 'An unplanned cost: it realises no planned item, so its forecast is its own cost, actual to date and scheduled after.';
  if (line.complete) return 'The line is complete: its forecast is what realises it, actual to date and scheduled after; what is left of its plan is released.';
  if (line.deleted) return 'The planned item is no longer in the plan: its forecast is what realises it, actual to date and scheduled after.';
  return 'While the line is open, its forecast is what realises it (actual to date and scheduled after), and never less than its plan: the part of the plan not yet covered is still to come.';
}

export function LineExplain({
  line,
  currency,
  budgetFrom,
  onExplain,
  onClose,
}: {
  line: CostLine;
  currency: string;
  /** Where the budget comes from, in words. */
  budgetFrom: string;
  /** Opens an item's explanation (its address, its title). */
  onExplain: (kind: 'position' | 'expense', id: string, figure: 'total' | 'toDate', title: string) => void;
  onClose: () => void;
}) {
  const f = line.figures;
  const rows: [string, string, string | null | undefined, string][] = [
    ['budget', 'Budget', f.budget, `the item's cost in ${budgetFrom}`],
    ['plan', 'Plan', f.plan, "the item's cost in the plan (the draft)"],
    ['actual', 'Actual to date', f.actual, 'what realises it, dated on or before the as-of date'],
    ['scheduled', 'Scheduled', f.scheduled, 'what realises it, dated after the as-of date'],
    ['forecast', 'Forecast', f.forecast, 'by the rule above'],
    ['vac', 'Variance at completion', f.vac, 'budget − forecast'],
    ['planVariance', 'Plan left', f.planVariance, 'plan − actual to date'],
  ];
  return (
    <Dialog title={`${line.name}: its cost line`} onClose={onClose} wide>
      <p data-field="rule">{rule(line)}</p>
      <table class="table">
        <caption>
          The line's figures in {currency} <Rag status={f.status} title="Budget against forecast, within the folio’s tolerance" />
        </caption>
        <tbody>
          {rows.map(([field, label, value, how]) => (
            <tr key={field}>
              <th scope="row">{label}</th>
              <td class="right num" data-field={field} data-value={value ?? ''}>
                {fmt.money(value, currency)}
              </td>
              <td class="muted">{how}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {line.planned && !line.deleted ? (
        <p>
          <button type="button" class="link-button" onClick={() => onExplain(line.itemKind, line.itemId, 'total', `${line.name}: plan`)}>
            The plan explained, payment by payment or day by day
          </button>
        </p>
      ) : null}
      {line.realisedBy.length || !line.planned ? (
        <>
          <h3>{line.planned ? 'What realises it' : 'The item'}</h3>
          <ul>
            {(line.planned ? line.realisedBy : [{ itemId: line.itemId, itemKind: line.itemKind, name: line.name }]).map((item) => (
              <li key={`${item.itemKind}-${item.itemId}`} data-realised={`${item.itemKind}-${item.itemId}`}>
                {item.name}:{' '}
                <button type="button" class="link-button" onClick={() => onExplain(item.itemKind, item.itemId, 'toDate', `${item.name}: to date`)}>
                  to date
                </button>{' '}
                ·{' '}
                <button type="button" class="link-button" onClick={() => onExplain(item.itemKind, item.itemId, 'total', `${item.name}: in all`)}>
                  in all
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p class="muted">Nothing realises it yet: link an actual expense or a team member to it in its editor.</p>
      )}
    </Dialog>
  );
}
