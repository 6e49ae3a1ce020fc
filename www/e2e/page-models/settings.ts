// A folio's settings (`/folios/{id}/settings`): the settings form, the closing, the sharing and
// the deletion with its confirmation.
import type { Locator, Page } from 'playwright-core';

export class SettingsScreen {
  constructor(readonly page: Page) {}

  async goto(id: string): Promise<void> {
    await this.page.goto(`/folios/${id}/settings`);
  }
  field(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }
  get save(): Locator {
    return this.page.getByRole('button', { name: 'Save settings' });
  }
  /** The message under a field (`currencyCode`, `closedDate`, `user` ...). */
  error(field: string): Locator {
    return this.page.locator(`.field-error[data-field="${field}"]`);
  }
  /** The status badge of the folio's header. */
  get status(): Locator {
    return this.page.locator('.folio-head .badge').first();
  }
  async closeOn(day: string): Promise<void> {
    await this.field('Closing date').fill(day);
    await this.page.getByRole('button', { name: 'Close the folio' }).click();
  }
  get reopen(): Locator {
    return this.page.getByRole('button', { name: 'Reopen the folio' });
  }
  async shareWith(user: string): Promise<void> {
    await this.field('Share with').fill(user);
    await this.page.getByRole('button', { name: 'Share', exact: true }).click();
  }
  viewer(user: string): Locator {
    return this.page.locator(`li[data-viewer="${user}"]`);
  }
  get readOnly(): Locator {
    return this.page.locator('[data-read-only]');
  }
  /** Adds a custom-field definition through the settings' form. */
  async addCustomField(field: { name: string; for: string; style: string; options?: string[]; required?: boolean }): Promise<void> {
    const form = this.page.getByRole('form', { name: 'Add a custom field' });
    await form.getByLabel('Field name').fill(field.name);
    await form.getByLabel('For').selectOption({ label: field.for });
    await form.getByLabel('Style').selectOption({ label: field.style });
    if (field.options) await form.getByLabel('Options (one per line)').fill(field.options.join('\n'));
    if (field.required) await form.getByLabel('A value is required').check();
    await form.getByRole('button', { name: 'Add custom field' }).click();
  }
  /** A custom-field definition's row. */
  customField(name: string): Locator {
    return this.page.locator(`tr[data-custom-field="${name}"]`);
  }
  /** Asks to delete the folio and confirms with the button naming it. */
  async delete(name: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Delete folio…' }).click();
    await this.page.getByRole('button', { name: `Delete “${name}”` }).click();
  }
}
