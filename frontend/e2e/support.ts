import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';

export const demo = {
  admin: { email: 'admin@keen.test', password: 'keen-admin-1' },
  customer: { email: 'customer@keen.test', password: 'keen-customer-1' },
};

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@keen.test`;
}

/** Saves a screenshot of the page under frontend/e2e/screenshots/<project>-<name>.png. */
export async function snap(page: Page, name: string, project: string): Promise<void> {
  const dir = path.join(__dirname, 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${project}-${name}.png`), fullPage: true });
}

/** Cuts the browser off from everything but the shop itself, as on a machine with no internet. */
export async function offline(context: BrowserContext, baseURL: string): Promise<void> {
  const origin = new URL(baseURL).origin;
  await context.route(
    (url) => url.origin !== origin && !url.host.startsWith('127.0.0.1:9099'),
    (route) => route.abort('internetdisconnected'),
  );
}

export async function signIn(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/email/i).fill(account.email);
  await page.getByLabel(/^password/i).fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}
