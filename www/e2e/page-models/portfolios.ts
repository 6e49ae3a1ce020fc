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
}
