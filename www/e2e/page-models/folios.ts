// Screen 1, the folios (`/`), and the New folio screen (`/folios/new`) with its plan import.
import type { Locator, Page } from 'playwright-core';

export class FoliosPage {
  constructor(readonly page: Page) {}

  async goto(asOf?: string): Promise<void> {
    await this.page.goto(asOf ? `/?asOf=${asOf}` : '/');
  }
  get heading(): Locator {
    return this.page.getByRole('heading', { name: 'Folios', level: 1 });
  }
  get newFolioLink(): Locator {
    return this.page.getByRole('link', { name: 'New folio' });
  }
  folioLink(name: string): Locator {
    return this.page.getByRole('link', { name });
  }
  /** The table's caption, "Folios (N)". */
  get caption(): Locator {
    return this.page.locator('caption').filter({ hasText: /^Folios \(/ });
  }
  /** A folio's row, by id. */
  row(id: string): Locator {
    return this.page.locator(`tr[data-folio-id="${id}"]`);
  }
  get rows(): Locator {
    return this.page.locator('tr[data-folio-id]');
  }
}

export class NewFolioPage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/folios/new');
  }
  get heading(): Locator {
    return this.page.getByRole('heading', { name: 'New folio', level: 1 });
  }
  get name(): Locator {
    return this.page.getByLabel('Name', { exact: true });
  }
  get startDate(): Locator {
    return this.page.getByLabel('Start date', { exact: true });
  }
  get endDate(): Locator {
    return this.page.getByLabel('End date', { exact: true });
  }
  get currency(): Locator {
    return this.page.getByLabel('Currency', { exact: true });
  }
  get tolerance(): Locator {
    return this.page.getByLabel('Tolerance (%)');
  }
  get createButton(): Locator {
    return this.page.getByRole('button', { name: 'Create folio' });
  }
  /** Fills the folio's name, period and (when given) currency, and creates it. */
  async create(folio: { name: string; start: string; end: string; currency?: string }): Promise<void> {
    await this.name.fill(folio.name);
    await this.startDate.fill(folio.start);
    await this.endDate.fill(folio.end);
    if (folio.currency) await this.currency.fill(folio.currency);
    await this.createButton.click();
  }
  get planFile(): Locator {
    return this.page.getByLabel('Plan file', { exact: true });
  }
  /** The messages of a refused plan file. */
  get importErrors(): Locator {
    return this.page.locator('[data-import-errors]');
  }
}
