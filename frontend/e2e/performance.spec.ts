import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { demo, signIn } from './support';

const HOME_LCP_BUDGET_MS = 1000;
/** The goal is 1 s (CI medians 0.77-1.26 s: docs/performance.md, The first load); the margin is for a busy machine. */
const PRODUCT_LCP_BUDGET_MS = 1500;
const LOADS = 7;

interface Lcp {
  ms: number;
  element: string;
  /** The painted element's tag ("IMG") and, for an image, its URL. */
  tag: string | null;
  url: string;
}

/**
 * One cold load of `path` (a fresh context: empty cache, no session), then its Largest Contentful
 * Paint: the last `largest-contentful-paint` entry once `shown` is on the page and the page has
 * settled, and which element it was.
 */
async function coldLcp(browser: Browser, path: string, shown: (page: Page) => Promise<void>): Promise<Lcp> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(path);
    await shown(page);
    await page.waitForLoadState('networkidle');
    return await page.evaluate(
      () =>
        new Promise<Lcp>((resolve) => {
          new PerformanceObserver((list) => {
            const last = list.getEntries().at(-1) as PerformanceEntry & { element: Element | null; url: string };
            const element = last.element;
            const name = element ? `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}>` : '(removed element)';
            resolve({
              ms: last.startTime,
              tag: element?.tagName ?? null,
              url: last.url,
              element: last.url ? `${name} ${last.url}` : `${name} ${element?.textContent?.slice(0, 40) ?? ''}`,
            });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
  } finally {
    await context.close();
  }
}

/** The median of LOADS cold loads' LCP, after one load not counted: the server's first answers (file reads, compiled code paths) are not what a browser's cold load is about. */
async function medianLcp(browser: Browser, path: string, shown: (page: Page) => Promise<void>): Promise<{ median: number; loads: Lcp[] }> {
  await coldLcp(browser, path, shown);
  const loads: Lcp[] = [];
  for (let i = 0; i < LOADS; i++) loads.push(await coldLcp(browser, path, shown));
  const sorted = loads.map((load) => load.ms).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  console.log(
    `LCP of ${path} (${LOADS} cold loads): median ${Math.round(median)} ms; ${loads.map((l) => `${Math.round(l.ms)} ms ${l.element}`).join('; ')}`,
  );
  return { median, loads };
}

const visible = (locator: (page: Page) => Locator, count?: number) => async (page: Page) => {
  if (count === undefined) await expect(locator(page)).toBeVisible();
  else await expect(locator(page)).toHaveCount(count);
};

test("the home page's Largest Contentful Paint on a cold load is at most 1 s", async ({ browser }) => {
  test.setTimeout(120_000);
  const { median } = await medianLcp(
    browser,
    '/',
    visible((page) => page.getByRole('link', { name: /^Buy Now: / }), 6),
  );
  expect(median).toBeLessThanOrEqual(HOME_LCP_BUDGET_MS);
});

// The demo's photos are photo-sized uploads (the seed's): the page's largest paint is its first photo,
// preloaded by the server's head at the width the page's srcset picks.
test("a product page's Largest Contentful Paint on a cold load is its first photo, at most 1.5 s", async ({ browser }) => {
  test.setTimeout(120_000);
  const { median, loads } = await medianLcp(
    browser,
    '/products/engraved-santoku-7',
    visible((page) => page.getByRole('heading', { level: 1, name: 'Engraved Santoku 7"' })),
  );
  for (const load of loads) {
    expect(load.tag).toBe('IMG');
    expect(load.url).toMatch(/\/uploads\/[0-9a-f]{32}(-\d+w)?\.webp$/);
  }
  expect(median).toBeLessThanOrEqual(PRODUCT_LCP_BUDGET_MS);
});

test('a visitor who is not signed in never loads Firebase; a returning customer is still signed in after a reload', async ({ page }) => {
  const signInRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/config\.json$|\/firebase-[\w-]+\.js$|127\.0\.0\.1:9099/.test(request.url())) signInRequests.push(request.url());
  });
  await page.goto('/');
  await expect(page.getByRole('link', { name: /^Buy Now: / })).toHaveCount(6);
  await page.goto('/products');
  await expect(page.getByRole('link', { name: /^Buy Now: / }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(signInRequests).toEqual([]);

  await signIn(page, demo.customer);
  expect(signInRequests.length).toBeGreaterThan(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await page.goto('/dashboard/myOrders');
  await expect(page).toHaveURL(/\/dashboard\/myOrders$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
