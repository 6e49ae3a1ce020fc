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

/** Overtime rules (`/admin/overtime-rules`): the rules table and the form of a budget administrator. */
export class OvertimeRulesPage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/admin/overtime-rules');
  }
  get table(): Locator {
    return this.page.getByRole('table', { name: /^Overtime rules \(/ });
  }
  row(name: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: new RegExp(`^${name}`) }) });
  }
  /** Fills the form (adding, or changing the rule being edited) and submits it. */
  async fill(rule: { name?: string; frequency?: 'DAILY' | 'WEEKLY'; regularHours?: string; coefficient?: string }): Promise<void> {
    if (rule.name !== undefined) await this.page.getByLabel('Name', { exact: true }).fill(rule.name);
    if (rule.frequency !== undefined) await this.page.getByLabel('Frequency').selectOption(rule.frequency);
    if (rule.regularHours !== undefined) await this.page.getByLabel('Regular hours').fill(rule.regularHours);
    if (rule.coefficient !== undefined) await this.page.getByLabel('Coefficient').fill(rule.coefficient);
  }
  async edit(name: string): Promise<void> {
    await this.page.getByRole('button', { name: `Edit ${name}` }).click();
  }
  async remove(name: string): Promise<void> {
    await this.page.getByRole('button', { name: `Delete ${name}` }).click();
    await this.page.getByRole('button', { name: `Confirm: delete ${name}` }).click();
  }
}
