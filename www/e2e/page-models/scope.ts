// Scope and progress (`/folios/{id}/scope`): the earned-value figures and the scope items' form.
import type { Locator, Page } from 'playwright-core';

export class ScopeScreen {
  constructor(readonly page: Page) {}

  async goto(id: string): Promise<void> {
    await this.page.goto(`/folios/${id}/scope`);
  }
  /** A figure of the earned-value card by its indicator key (`ev`, `cpi`, `spi`). */
  figure(key: string): Locator {
    return this.page.locator(`[data-indicator="${key}"]`);
  }
  /** The server's exact value of a figure. */
  async value(key: string): Promise<string | null> {
    return this.figure(key).getAttribute('data-value');
  }
  /** Scope item `n` (from 1). */
  item(n: number): Locator {
    return this.page.getByRole('group', { name: new RegExp(`^Scope item ${n}(:|$)`) });
  }
  get items(): Locator {
    return this.page.locator('[data-scope-item]');
  }
  get add(): Locator {
    return this.page.getByRole('button', { name: 'Add scope item' });
  }
  get save(): Locator {
    return this.page.getByRole('button', { name: /^Save progress as of/ });
  }
  /** The day the progress being entered was measured. */
  get measuredOn(): Locator {
    return this.page.getByLabel(/^Measured on/);
  }
  /** The days of the measurements listed, newest first. */
  async measurements(): Promise<string[]> {
    return this.page.locator('[data-measured-on]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-measured-on') ?? ''));
  }
}
