// A folio's frame (`/folios/{id}`: its heading, the as-of date, the tabs of its screens) and the
// screens without editors: the overview, the forecast, the baselines, the export.
import type { Locator, Page } from 'playwright-core';
import { FOLIO_TABS, folioHref } from '../../src/lib/routes';

/** A folio's tab, by the label its tab bar shows. */
export type FolioTab = (typeof FOLIO_TABS)[number]['label'];

export class FolioPage {
  constructor(
    readonly page: Page,
    /** The folio's name, as its heading and its screens' navigation name it. */
    readonly name: string,
  ) {}

  /** Opens a tab of folio `id` by its address. */
  async goto(id: string, tab: FolioTab = 'Overview', asOf?: string): Promise<void> {
    const entry = FOLIO_TABS.find((t) => t.label === tab) ?? FOLIO_TABS[0];
    await this.page.goto(`${folioHref(id, entry.tab)}${asOf ? `?asOf=${asOf}` : ''}`);
  }
  get heading(): Locator {
    return this.page.getByRole('heading', { name: this.name, level: 1 });
  }
  get tabs(): Locator {
    return this.page.getByRole('navigation', { name: `${this.name} screens` });
  }
  tabLink(tab: FolioTab): Locator {
    return this.tabs.getByRole('link', { name: tab, exact: true });
  }
  get asOf(): Locator {
    return this.page.getByLabel('As of');
  }
  /** The card that holds the server's refusal in place of the figures (an uncomputable folio). */
  get refusedFigures(): Locator {
    return this.page.locator('main .figures-refused');
  }
  /** The link from a refused overview to the costs screen. */
  get costsLink(): Locator {
    return this.refusedFigures.getByRole('link', { name: 'Costs & revenues' });
  }
  /** A figure the server computed, by its `data-indicator`. */
  indicator(key: string): Locator {
    return this.page.locator(`[data-indicator="${key}"]`);
  }
  get lights(): Locator {
    return this.page.locator('[data-light]');
  }
}

export class ForecastScreen {
  constructor(readonly page: Page) {}

  get charts(): Locator {
    return this.page.getByRole('img');
  }
  get firstCanvas(): Locator {
    return this.charts.locator('canvas').first();
  }
  granularity(label: 'Month' | 'Week' | 'Day'): Locator {
    return this.page.getByRole('radio', { name: label });
  }
  get tooltip(): Locator {
    return this.page.getByTestId('chart-tooltip');
  }
  /** A row of the table of figures per period, by its start. */
  period(start: string): Locator {
    return this.page.locator(`tr[data-start="${start}"]`);
  }
  get periods(): Locator {
    return this.page.locator('tr[data-start]');
  }
  /** How sure the cost at completion is: its percentiles, each a button opening how it was computed. */
  get confidenceFigures(): Locator {
    return this.page.getByRole('list', { name: 'Cost at completion' });
  }
  /** The lines that drive the spread (the tornado). */
  get drivers(): Locator {
    return this.page.getByRole('list', { name: 'Lines that drive the spread, strongest first' });
  }
  get seed(): Locator {
    return this.page.getByRole('textbox', { name: 'Seed' });
  }
  get drawAgain(): Locator {
    return this.page.getByRole('button', { name: 'Draw again' });
  }
}

export class BaselinesScreen {
  constructor(readonly page: Page) {}

  get name(): Locator {
    return this.page.getByLabel('Baseline name');
  }
  get approveButton(): Locator {
    return this.page.getByRole('button', { name: 'Approve baseline' });
  }
  async approve(name: string): Promise<void> {
    await this.name.fill(name);
    await this.approveButton.click();
  }
  listed(name: string): Locator {
    return this.page.getByRole('row').filter({ hasText: name }).first();
  }
  get perItem(): Locator {
    return this.page.getByRole('region', { name: 'Comparison per item' });
  }
  get perMonth(): Locator {
    return this.page.getByRole('region', { name: 'Comparison per month' });
  }
  /** Compared items marked changed, added or removed. */
  get differences(): Locator {
    return this.page.locator('[data-state="changed"], [data-state="added"], [data-state="removed"]');
  }
  /** The first table of the screen (the approved baselines). */
  get firstTable(): Locator {
    return this.page.getByRole('table').first();
  }
  get comparedItems(): Locator {
    return this.page.locator('tr[data-state]');
  }
}

export class ExportScreen {
  constructor(readonly page: Page) {}

  /** "Download CSV": a link to the server's CSV when connected. */
  get csvLink(): Locator {
    return this.page.getByRole('link', { name: /download csv/i });
  }
  /** "Download CSV" offline: a button (the core writes the CSV in the browser). */
  get csvButton(): Locator {
    return this.page.getByRole('button', { name: 'Download CSV' });
  }
  get previewButton(): Locator {
    return this.page.getByRole('button', { name: /preview/i });
  }
  get preview(): Locator {
    return this.page.getByTestId('csv-preview');
  }
  get planButton(): Locator {
    return this.page.getByRole('button', { name: 'Download plan (JSON)' });
  }
  get anyDownloadLink(): Locator {
    return this.page.locator('a[download]').first();
  }
}

/** A folio's activity (`/folios/{id}/activity`), and an item's history in its editor: lists of
 * changes, newest first. */
export class HistoryList {
  constructor(readonly within: Locator) {}

  /** The list of changes. */
  get list(): Locator {
    return this.within.locator('ol.changes');
  }
  /** The changes shown, newest first. */
  get changes(): Locator {
    return this.list.locator('li.change');
  }
  get older(): Locator {
    return this.within.getByRole('button', { name: 'Show older changes' });
  }
}
