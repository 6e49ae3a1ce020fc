// The planner's frame on every screen: the top bar (main navigation, who is signed in, the offline
// badge), the toast, and the wait for a screen to settle. Every label a test reads is here or in
// the screen's own model, so a changed label is one edit.
import type { Locator, Page } from 'playwright-core';

export class Shell {
  constructor(readonly page: Page) {}

  get mainNav(): Locator {
    return this.page.getByRole('navigation', { name: 'Main' });
  }
  navLink(name: 'Folios' | 'Portfolios'): Locator {
    return this.mainNav.getByRole('link', { name, exact: true });
  }
  get signOutButton(): Locator {
    return this.page.getByRole('button', { name: 'Sign out' });
  }
  get offlineBadge(): Locator {
    return this.page.locator('header.topbar .badge-offline');
  }
  get toast(): Locator {
    return this.page.locator('.toast');
  }
  /** A dialog (the editors are modal dialogs). */
  get dialog(): Locator {
    return this.page.getByRole('dialog');
  }
  get main(): Locator {
    return this.page.locator('main');
  }
  /** A folio's page heading (level 1). */
  heading(name: string | RegExp): Locator {
    return this.page.getByRole('heading', { name, level: 1 });
  }

  /** Waits until the screen has no loading indicator ("Loading…" statuses, aria-busy regions). */
  async settled(): Promise<void> {
    await this.page.waitForFunction(() => {
      const busy = document.querySelector('[aria-busy="true"]');
      const loading =
        [...document.querySelectorAll('[role="status"]')].some((e) => /…\s*$/.test(e.textContent ?? '')) ||
        [...document.querySelectorAll('main *')].some((e) => e.children.length === 0 && /^\s*Loading…\s*$/.test(e.textContent ?? ''));
      return !busy && !loading && document.querySelector('main') !== null;
    });
  }

  async signOut(): Promise<void> {
    await this.signOutButton.click();
  }
}
