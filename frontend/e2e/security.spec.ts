import { expect, test, type Page } from '@playwright/test';
import { demo, placeOrderViaApi, signIn } from './support';

/**
 * Collects every Content-Security-Policy violation the page reports: the `securitypolicyviolation`
 * event, and Chromium's console message (which also covers workers and frames).
 */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      report(`${event.effectiveDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame|create)/i.test(message.text()))
      violations.push(message.text());
  });
  return violations;
}

/** Visits each path and waits for the page to settle. */
async function visit(page: Page, paths: string[]): Promise<void> {
  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
}

test('the shop answers with a Content-Security-Policy that forbids framing it', async ({ page }) => {
  const response = await page.goto('/');
  const headers = response!.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
});

test('no CSP violation on the storefront, including the embedded videos', async ({ page }) => {
  const violations = await watchCsp(page);
  await visit(page, ['/', '/products', '/reviews', '/myPortfolio', '/blogs', '/contactus', '/login', '/signup', '/no/such/page']);
  await page.goto('/');
  const play = page.getByRole('button', { name: /^Play video:/ }).first();
  await play.scrollIntoViewIfNeeded();
  await play.click();
  await expect(page.locator('iframe[src*="youtube-nocookie.com"]').first()).toBeAttached();
  await page.waitForTimeout(1000);
  expect(violations).toEqual([]);
});

test("no CSP violation on a customer's pages, payment included", async ({ page, baseURL }) => {
  const violations = await watchCsp(page);
  const order = await placeOrderViaApi(baseURL!, demo.customer);
  await signIn(page, demo.customer);
  await visit(page, ['/dashboard', '/dashboard/myOrders', '/dashboard/review', `/dashboard/payment/${order.id}`]);
  await expect(page.getByText(`Pay for ${order.name}`)).toBeVisible();
  await page.goto('/products');
  await page
    .getByRole('link', { name: /^Buy Now:/ })
    .first()
    .click();
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});

test("no CSP violation on the admin's pages", async ({ page }) => {
  const violations = await watchCsp(page);
  await signIn(page, demo.admin);
  await visit(page, [
    '/dashboard/overview',
    '/dashboard/allOrders',
    '/dashboard/addProduct',
    '/dashboard/manageProducts',
    '/dashboard/apiKeys',
    '/dashboard/webhooks',
    '/dashboard/users',
  ]);
  await expect(page.getByRole('grid')).toBeVisible();
  expect(violations).toEqual([]);
});

test('no CSP violation in GraphiQL: its editor, workers and the schema load', async ({ page }) => {
  const violations = await watchCsp(page);
  await page.goto('/graphql');
  await expect(page.locator('.graphiql-container')).toBeVisible();
  await expect(page.locator('.graphiql-query-editor .monaco-editor').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});
