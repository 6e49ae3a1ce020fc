// Screen 4, costs and revenues (`/folios/{id}/costs`), and its editors: the position editor (a new
// position's header, periods and rates; an existing one's header, rate history and periods) and the
// expense editor with its recurrence.
import type { Locator, Page } from 'playwright-core';

export type PositionSection = 'team member' | 'planned position' | 'consulting revenue';

export class CostsScreen {
  constructor(readonly page: Page) {}

  async goto(folioId: string, asOf?: string): Promise<void> {
    await this.page.goto(`/folios/${folioId}/costs${asOf ? `?asOf=${asOf}` : ''}`);
  }
  addButton(what: PositionSection | 'expense'): Locator {
    return this.page.getByRole('button', { name: what === 'expense' ? 'Add an expense' : `Add a ${what}` });
  }
  positionRow(id: string): Locator {
    return this.page.locator(`tr[data-position-id="${id}"]`);
  }
  positionRowNamed(name: string): Locator {
    return this.page.locator('tr[data-position-id]').filter({ hasText: name });
  }
  expenseRow(id: string): Locator {
    return this.page.locator(`tr[data-expense-id="${id}"]`);
  }
  expenseRowNamed(name: string): Locator {
    return this.page.locator('tr[data-expense-id]').filter({ hasText: name });
  }
  get expenseRows(): Locator {
    return this.page.locator('tr[data-expense-id]');
  }
  get tables(): Locator {
    return this.page.getByRole('table');
  }
  /** A row's Edit button (named for its item). */
  editButton(name: string, within: Locator | Page = this.page): Locator {
    return within.getByRole('button', { name: `Edit ${name}` });
  }
  deleteButton(name: string | RegExp): Locator {
    return this.page.getByRole('button', { name: typeof name === 'string' ? `Delete ${name}` : name });
  }
  /** The cost lines' table (budget against actual, line by line). */
  get linesTable(): Locator {
    return this.page.locator('table[data-section="lines"]');
  }
  /** The cost line of the item `kind` `id` (`expense`, `position`), or `total`. */
  line(key: string): Locator {
    return this.page.locator(`tr[data-line="${key}"]`);
  }
  get groupBy(): Locator {
    return this.page.getByLabel('Group by');
  }
  get lineOrder(): Locator {
    return this.page.getByLabel('Order', { exact: true });
  }
  /** The notice naming the items the server cannot cost. */
  get uncostedNotice(): Locator {
    return this.page.locator('main .alert[data-refusal]');
  }

  /** Opens the position editor of a new position of `section`. */
  async addPosition(section: PositionSection): Promise<PositionEditor> {
    await this.addButton(section).click();
    const editor = new PositionEditor(this.page);
    await editor.dialog.waitFor();
    return editor;
  }
  /** Opens the editor of the position in row `id`, named `name`. */
  async editPosition(name: string, id?: string): Promise<PositionEditor> {
    await this.editButton(name, id ? this.positionRow(id) : this.page).click();
    const editor = new PositionEditor(this.page);
    await editor.dialog.waitFor();
    return editor;
  }
  async addExpense(): Promise<ExpenseEditor> {
    await this.addButton('expense').click();
    const editor = new ExpenseEditor(this.page);
    await editor.dialog.waitFor();
    return editor;
  }
  async editExpense(name: string, id?: string): Promise<ExpenseEditor> {
    await this.editButton(name, id ? this.expenseRow(id) : this.page).click();
    const editor = new ExpenseEditor(this.page);
    await editor.dialog.waitFor();
    return editor;
  }
}

/** The position editor, a modal dialog. */
export class PositionEditor {
  readonly dialog: Locator;
  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog');
  }

  get name(): Locator {
    return this.dialog.getByLabel('Name', { exact: true });
  }
  get title(): Locator {
    return this.dialog.getByLabel('Title (role)');
  }
  get member(): Locator {
    return this.dialog.getByLabel('Member (user key)');
  }
  get overtimeRule(): Locator {
    return this.dialog.getByLabel('Overtime rule');
  }
  /** A new position's period `n` (from 1). */
  startDate(n: number): Locator {
    return this.dialog.getByLabel(`Start date (period ${n})`);
  }
  endDate(n: number): Locator {
    return this.dialog.getByLabel(`End date (period ${n})`);
  }
  percentage(n: number): Locator {
    return this.dialog.getByLabel(`Percentage (period ${n})`);
  }
  /** The first percentage field, whatever the kind of position labels it. */
  get firstPercentage(): Locator {
    return this.dialog.getByLabel(/^Percentage/).first();
  }
  /** A new position's rate `n` (from 1). */
  rate(n: number): Locator {
    return this.dialog.getByLabel(`Rate ${n}`, { exact: true });
  }
  effectiveFrom(n: number): Locator {
    return this.dialog.getByLabel(`Effective from (rate ${n})`);
  }
  get addPeriodButton(): Locator {
    return this.dialog.getByRole('button', { name: 'Add an allocation period' });
  }
  get addRateButton(): Locator {
    return this.dialog.getByRole('button', { name: 'Add a rate change' });
  }
  /** "Add position" (a new one) or "Save details" (an existing one's header). */
  get addButton(): Locator {
    return this.dialog.getByRole('button', { name: 'Add position' });
  }
  get saveButton(): Locator {
    return this.dialog.getByRole('button', { name: 'Save details' });
  }
  get closeButton(): Locator {
    return this.dialog.getByRole('button', { name: 'Close', exact: true }).first();
  }
  get cancelButton(): Locator {
    return this.dialog.getByRole('button', { name: 'Cancel' });
  }
  /** Closes the dialog by its first Close or Cancel button. */
  async close(): Promise<void> {
    await this.dialog
      .getByRole('button', { name: /^(Close|Cancel)$/ })
      .first()
      .click();
    // An editor with changes asks before it drops them.
    const discard = this.dialog.getByRole('button', { name: 'Discard changes' });
    if (await discard.isVisible()) await discard.click();
  }

  /** An existing position's rate history and allocation periods, each row saved by itself. */
  get rateHistory(): Locator {
    return this.dialog.getByRole('table', { name: /^Rate history/ });
  }
  get allocationPeriods(): Locator {
    return this.dialog.getByRole('table', { name: /^Allocation period/ });
  }
  historyRow(table: Locator, id: string): Locator {
    return table.locator(`tr[data-row-id="${id}"]`);
  }
  /** The row of the rate history whose date is `startDate`, or null. */
  async rateRowFrom(startDate: string): Promise<Locator | null> {
    const starts = this.rateHistory.getByLabel(/^Effective from/);
    await starts.first().waitFor();
    for (let i = 0; i < (await starts.count()); i++)
      if ((await starts.nth(i).inputValue()) === startDate) return starts.nth(i).locator('xpath=ancestor::tr[1]');
    return null;
  }
  /** The editor's history of its item, folded until opened. */
  get historyToggle(): Locator {
    return this.dialog.locator('details.item-history > summary');
  }
  get history(): Locator {
    return this.dialog.locator('details.item-history');
  }
  /** The rate wherever the editor offers it: a rate-history row or a new position's first rate. */
  get anyRate(): Locator {
    return this.dialog.getByLabel(/^Rate( 1| of row \S+)?$/).first();
  }
  /** In a history row: its rate, percentage and Save. */
  static rowRate(row: Locator): Locator {
    return row.getByLabel(/^Rate/);
  }
  static rowPercentage(row: Locator): Locator {
    return row.getByLabel(/^Percentage/);
  }
  static rowSave(row: Locator): Locator {
    return row.getByRole('button', { name: /^Save/ });
  }
}

/** The expense editor with its recurrence, a modal dialog. */
export class ExpenseEditor {
  readonly dialog: Locator;
  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog');
  }

  get name(): Locator {
    return this.dialog.getByLabel('Name', { exact: true });
  }
  get type(): Locator {
    return this.dialog.getByLabel('Expense type');
  }
  get amount(): Locator {
    return this.dialog.getByLabel('Amount', { exact: true });
  }
  get currency(): Locator {
    return this.dialog.getByLabel('Currency', { exact: true });
  }
  get repeats(): Locator {
    return this.dialog.getByLabel('Repeats');
  }
  /** The date of a one-off expense. */
  get date(): Locator {
    return this.dialog.getByLabel('Date', { exact: true });
  }
  get firstDate(): Locator {
    return this.dialog.getByLabel('First date');
  }
  get occurrences(): Locator {
    return this.dialog.getByLabel('Occurrences', { exact: true });
  }
  /** The next occurrences the core computes, as typed. */
  get occurrenceList(): Locator {
    return this.dialog.getByRole('list', { name: 'Next occurrences' });
  }
  get words(): Locator {
    return this.dialog.getByTestId('recurrence-words');
  }
  get addButton(): Locator {
    return this.dialog.getByRole('button', { name: 'Add expense' });
  }
  get kind(): Locator {
    return this.dialog.getByLabel('Kind', { exact: true });
  }
  /** What an actual expense realises. */
  get realises(): Locator {
    return this.dialog.getByLabel(/^Realises/);
  }
  /** The suggestion to link the planned expense of the same name. */
  get linkSuggested(): Locator {
    return this.dialog.getByRole('button', { name: 'Link to it' });
  }
  get saveButton(): Locator {
    return this.dialog.getByRole('button', { name: 'Save expense' });
  }
  get cancelButton(): Locator {
    return this.dialog.getByRole('button', { name: 'Cancel' });
  }
  /** A field's message as shown under it (`data-field` names the field). */
  fieldError(field: string): Locator {
    return this.dialog.locator(`.field-error[data-field="${field}"]`);
  }
  /** Name, type and amount, then monthly from `firstDate` when given. */
  async fill(expense: { name: string; type: string; amount: string; monthlyFrom?: string }): Promise<void> {
    await this.name.fill(expense.name);
    await this.type.fill(expense.type);
    await this.amount.fill(expense.amount);
    if (expense.monthlyFrom) {
      await this.repeats.selectOption({ label: 'Monthly' });
      await this.firstDate.fill(expense.monthlyFrom);
    }
  }
}
