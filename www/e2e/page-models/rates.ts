// Exchange rates (`/admin/exchange-rates`): the rates table, the form of a budget administrator,
// and a rate's removal with its confirmation.
import type { Locator, Page } from 'playwright-core';

export class ExchangeRatesPage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/admin/exchange-rates');
  }
  get heading(): Locator {
    return this.page.getByRole('heading', { name: 'Exchange rates', level: 1 });
  }
  get table(): Locator {
    return this.page.getByRole('table', { name: /^Exchange rates \(/ });
  }
  /** A rate's row: `USD-EUR-2026-01-01`. */
  row(from: string, to: string, effectiveDate: string): Locator {
    return this.page.locator(`tr[data-rate="${from}-${to}-${effectiveDate}"]`);
  }
  /** Fills the form and saves the rate. */
  async save(rate: { from: string; to: string; rate: string; effectiveDate: string }): Promise<void> {
    await this.page.getByLabel('From currency').fill(rate.from);
    await this.page.getByLabel('To currency').fill(rate.to);
    await this.page.getByLabel('Rate', { exact: true }).fill(rate.rate);
    await this.page.getByLabel('Effective date').fill(rate.effectiveDate);
    await this.page.getByRole('button', { name: 'Save rate' }).click();
  }
  /** Asks to remove a rate and confirms. */
  async remove(from: string, to: string, effectiveDate: string): Promise<void> {
    const row = this.row(from, to, effectiveDate);
    await row.getByRole('button', { name: /^Remove / }).click();
    await row.getByRole('button', { name: /^Confirm: remove / }).click();
  }
  get alert(): Locator {
    return this.page.getByRole('alert');
  }
}
