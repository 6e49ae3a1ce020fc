// Under a currency field the server refused for want of an exchange rate (S5.3, S5.6: "No exchange
// rate from USD to CHF ..."): where rates are entered, in a new tab, so the form keeps what the
// user typed and can be saved again once the rate exists.
import { session } from '../state';

/** The link to the exchange rates when `message` (a currency field's refusal) is a missing rate. */
export function RatesLink({ message }: { message: string | undefined }) {
  if (!/^No exchange rate/.test(message ?? '')) return null;
  return (
    <p class="hint" data-rates-link>
      {session.value?.budgetAdmin ? 'Add the rate under ' : 'A budget administrator adds it under '}
      <a href="/admin/exchange-rates" target="_blank" rel="noopener">
        Exchange rates (opens in a new tab)
      </a>
      , then save again: this form keeps what you typed.
    </p>
  );
}
