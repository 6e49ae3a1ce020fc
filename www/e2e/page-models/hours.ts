// Actual hours (`/folios/{id}/hours`): a card per team member and consulting revenue, its months,
// its entered periods and the form that enters one.
import type { Locator, Page } from 'playwright-core';

export class HoursScreen {
  constructor(readonly page: Page) {}

  async goto(id: string): Promise<void> {
    await this.page.goto(`/folios/${id}/hours`);
  }
  /** The card of a position by its name. */
  card(name: string): Locator {
    return this.page.locator('section.person-hours').filter({ has: this.page.getByRole('heading', { name: new RegExp(`^${name}`) }) });
  }
  /** A month's row (`2026-07`) of a position's monthly table. */
  month(name: string, month: string): Locator {
    return this.page.getByRole('table', { name: `Hours of ${name} by month` }).locator(`tr[data-month="${month}"]`);
  }
  /** Enters a period of worked hours for a position. */
  async enter(name: string, period: { from: string; to: string; regular: string; overtime?: string }): Promise<void> {
    const form = this.page.getByRole('form', { name: `Enter worked hours of ${name}` });
    await form.getByLabel('From').fill(period.from);
    await form.getByLabel('To').fill(period.to);
    await form.getByLabel('Regular hours').fill(period.regular);
    if (period.overtime !== undefined) await form.getByLabel('Overtime hours').fill(period.overtime);
    await form.getByRole('button', { name: 'Enter worked hours' }).click();
  }
  /** An entered period's row by its start date. */
  period(name: string, start: string): Locator {
    return this.page.getByRole('table', { name: `Entered worked hours of ${name}` }).locator(`tr[data-hours-period="${start}"]`);
  }
}
