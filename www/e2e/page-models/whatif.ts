// Screen 8, the what-if sandbox (`/folios/{id}/whatif`).
import type { Locator, Page } from 'playwright-core';

export class WhatIfScreen {
  constructor(readonly page: Page) {}

  async goto(folioId: string, asOf: string): Promise<void> {
    await this.page.goto(`/folios/${folioId}/whatif?asOf=${asOf}`);
  }
  /** A figure of the comparison: `saved-bac`, `whatif-eac`, `delta-bac` ... */
  figure(key: string): Locator {
    return this.page.locator(`[data-indicator="${key}"]`);
  }
  rate(positionName: string): Locator {
    return this.page.getByLabel(`Rate of ${positionName}`);
  }
  /** Types a new rate for a position and commits it (Enter). */
  async changeRate(positionName: string, rate: string): Promise<void> {
    await this.rate(positionName).fill(rate);
    await this.rate(positionName).press('Enter');
  }
  expenseRow(id: string): Locator {
    return this.page.locator(`tr[data-expense="${id}"]`);
  }
  expenseAmount(id: string): Locator {
    return this.expenseRow(id).getByLabel(/^Amount of /);
  }
  async changeAmount(expenseId: string, amount: string): Promise<void> {
    await this.expenseAmount(expenseId).fill(amount);
    await this.expenseAmount(expenseId).press('Enter');
  }
  removeExpense(id: string): Locator {
    return this.expenseRow(id).getByRole('button', { name: /^Remove/ });
  }
  /** "Apply N change(s)"; any count when none is given. */
  applyButton(changes?: number): Locator {
    return this.page.getByRole('button', { name: changes === undefined ? /^Apply/ : new RegExp(`^Apply ${changes} change`) });
  }
  get undoButton(): Locator {
    return this.page.getByRole('button', { name: 'Undo' });
  }
  get redoButton(): Locator {
    return this.page.getByRole('button', { name: 'Redo' });
  }
  get discardButton(): Locator {
    return this.page.getByRole('button', { name: 'Discard' });
  }
  /** The notice once Apply has sent every change. */
  get applied(): Locator {
    return this.page.getByText('Every change was applied.');
  }
  /** Why Apply stopped: `refused` (the server), `stale` (changed on the server), `unsent`. */
  refusal(kind?: 'refused' | 'stale' | 'unsent'): Locator {
    return this.page.locator(kind ? `[data-refused="${kind}"]` : '[data-refused]');
  }
  changes(status: 'applied' | 'pending'): Locator {
    return this.page.locator(`li[data-status="${status}"]`);
  }
  get addPositionForm(): Locator {
    return this.page.getByRole('form', { name: 'Add a planned position to the sandbox' });
  }
  /** Adds a planned position in the sandbox. */
  async addPosition(name: string, rate: string, percentage: string): Promise<void> {
    const form = this.addPositionForm;
    await form.getByLabel('Name').fill(name);
    await form.getByLabel(/^Rate/).fill(rate);
    await form.getByLabel('Allocation %').fill(percentage);
    await form.getByRole('button', { name: 'Add position' }).click();
  }
}
