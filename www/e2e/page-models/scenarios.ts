// The scenarios of a folio (`/folios/{id}/scenarios`, S15): their list, the fork form, the
// comparison and the promotion's dialog.
import type { Locator, Page } from 'playwright-core';

export class ScenariosScreen {
  constructor(readonly page: Page) {}

  async goto(folioId: string, asOf?: string): Promise<void> {
    await this.page.goto(`/folios/${folioId}/scenarios${asOf ? `?asOf=${asOf}` : ''}`);
  }
  /** The row of a scenario by its name (the draft's: `Draft`). */
  row(name: string): Locator {
    return this.page
      .getByRole('region', { name: 'Scenarios' })
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: new RegExp(`^${name}`) }) });
  }
  get forkForm(): Locator {
    return this.page.getByRole('form', { name: 'Fork a scenario' });
  }
  /** Forks a scenario of the draft named `name`. */
  async fork(name: string, description = ''): Promise<void> {
    await this.forkForm.getByLabel('Name').fill(name);
    if (description) await this.forkForm.getByLabel('What it is for (optional)').fill(description);
    await this.forkForm.getByRole('button', { name: 'Fork scenario' }).click();
    await this.row(name).waitFor();
  }
  /** Opens What-if on the scenario `name`. */
  async change(name: string): Promise<void> {
    await this.row(name).getByRole('link', { name: 'Change in What-if' }).click();
  }
  /** Compares the plans named (`Draft` or scenarios), the first the base. */
  async compare(...names: string[]): Promise<Locator> {
    for (const name of names) {
      const box = this.row(name).getByRole('checkbox');
      if (!(await box.isChecked())) await box.check();
    }
    await this.page.getByRole('button', { name: new RegExp(`^Compare ${names.length} plans`) }).click();
    const comparison = this.page.getByTestId('scenario-comparison');
    await comparison.waitFor();
    return comparison;
  }
  get promoteDialog(): Locator {
    return this.page.getByRole('dialog', { name: /^Promote/ });
  }
  /** Promotes `name` with `reason`, approving it as a baseline named `baseline` when given. */
  async promote(name: string, reason: string, baseline?: string): Promise<void> {
    await this.row(name).getByRole('button', { name: 'Promote…' }).click();
    const dialog = this.promoteDialog;
    await dialog.getByLabel('Reason').fill(reason);
    if (baseline) {
      await dialog.getByLabel('Approve it as a baseline at once').check();
      await dialog.getByLabel('Baseline name').fill(baseline);
    }
    await dialog.getByRole('button', { name: 'Promote' }).click();
    await dialog.waitFor({ state: 'detached' });
  }
}
