// The sign-in page (`/signin`).
import type { Locator, Page } from 'playwright-core';

export class SignInPage {
  constructor(readonly page: Page) {}

  async goto(next?: string): Promise<void> {
    await this.page.goto(next && next !== '/' ? `/signin?next=${encodeURIComponent(next)}` : '/signin');
  }
  get heading(): Locator {
    return this.page.getByRole('heading', { name: /sign in/i });
  }
  get userName(): Locator {
    return this.page.getByLabel('User name');
  }
  get password(): Locator {
    return this.page.getByLabel('Password');
  }
  get submitButton(): Locator {
    return this.page.getByRole('button', { name: 'Sign in', exact: true });
  }
  /** Types the user and password and signs in (nothing waited for). */
  async submit(user: string, password: string): Promise<void> {
    await this.userName.fill(user);
    await this.password.fill(password);
    await this.submitButton.click();
  }
}
