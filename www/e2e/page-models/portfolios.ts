// Screen 6: the portfolios (`/portfolios`) and a portfolio's rollup (`/portfolios/{id}`).
import type { Locator, Page } from 'playwright-core';

export class PortfoliosPage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/portfolios');
  }
  portfolioLink(name: string): Locator {
    return this.page.getByRole('link', { name });
  }
  get newButton(): Locator {
    return this.page.getByRole('link', { name: 'New portfolio' });
  }
}

/** The portfolio form (`/portfolios/new`, `/portfolios/{id}/edit`). */
export class PortfolioFormPage {
  constructor(readonly page: Page) {}

  async fill(p: { name: string; currency?: string; parent?: string; folios?: string[] }): Promise<void> {
    await this.page.getByLabel('Name', { exact: true }).fill(p.name);
    if (p.currency) await this.page.getByLabel('Currency').fill(p.currency);
    if (p.parent) await this.page.getByLabel('Parent portfolio').selectOption({ label: p.parent });
    for (const folio of p.folios ?? []) await this.page.getByLabel(folio, { exact: true }).check();
  }
  get create(): Locator {
    return this.page.getByRole('button', { name: 'Create portfolio' });
  }
}

export class PortfolioPage {
  constructor(readonly page: Page) {}

  async goto(id: string, asOf?: string): Promise<void> {
    await this.page.goto(asOf ? `/portfolios/${id}?asOf=${asOf}` : `/portfolios/${id}`);
  }
  heading(name: string): Locator {
    return this.page.getByRole('heading', { name, level: 1 });
  }
  folioLink(name: string): Locator {
    return this.page.getByRole('link', { name });
  }
  /** A folio's row, by id. */
  row(id: string): Locator {
    return this.page.locator(`tr[data-folio-id="${id}"]`);
  }
  get rows(): Locator {
    return this.page.locator('tr[data-folio-id]');
  }
  /** A sub-portfolio's row, by id. */
  sub(id: string): Locator {
    return this.page.getByRole('region', { name: 'Sub-portfolios' }).locator(`tr[data-portfolio-id="${id}"]`);
  }
  /** The rollup's figure `key` (`bac`, `eac`, ...), the server's exact value. */
  async figure(key: string): Promise<string | null> {
    return this.page.locator(`dd[data-indicator="${key}"]`).first().getAttribute('data-value');
  }
}
