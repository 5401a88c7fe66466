import { chromium, expect, test } from '@playwright/test';
import lighthouse from 'lighthouse';
import { freePort } from './support';

/**
 * Lighthouse 12 (mobile settings, its defaults: a mid-range phone on slow 4G) on the built shop's
 * public pages: SEO 100, Accessibility and Best Practices at least 95 each, and Performance at
 * least 50. Performance's goal is 95; the pages score 62-81 on these machines (docs/performance.md,
 * The first load, says why), so its floor here only stops a page falling further. The scores are
 * printed; a page below a floor fails with the audits that cost it points.
 */
const PAGES = ['/', '/products', '/products/engraved-santoku-7', '/collections/kitchen'];
const FLOORS = { seo: 1, performance: 0.5, accessibility: 0.95, 'best-practices': 0.95 } as const;

test('public pages meet their Lighthouse scores: SEO 100, Accessibility and Best Practices at least 95, Performance at least 50', async ({
  baseURL,
}) => {
  test.setTimeout(300_000);
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', `--remote-debugging-port=${port}`],
  });
  try {
    for (const path of PAGES) {
      const audit = async () =>
        (await lighthouse(`${baseURL}${path}`, { port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(FLOORS) }))!.lhr;
      // A category Lighthouse could not score (its trace lost, a null score) is measured again, not counted as 0.
      let lhr = await audit();
      for (let tries = 1; tries < 3 && Object.keys(FLOORS).some((id) => lhr.categories[id].score === null); tries += 1) {
        console.log(`Lighthouse ${path}: a category not scored (${lhr.runtimeError?.message ?? 'no runtime error'}); measuring again`);
        lhr = await audit();
      }
      const { categories, audits } = lhr;
      const scores = Object.fromEntries(Object.keys(FLOORS).map((id) => [id, Math.round((categories[id].score ?? 0) * 100)]));
      console.log(
        `Lighthouse ${path}: SEO ${scores.seo}, Performance ${scores.performance}, Accessibility ${scores.accessibility}, Best Practices ${scores['best-practices']}` +
          ` (LCP ${Math.round(audits['largest-contentful-paint'].numericValue ?? 0)} ms, TBT ${Math.round(audits['total-blocking-time'].numericValue ?? 0)} ms, CLS ${audits['cumulative-layout-shift'].displayValue})`,
      );
      for (const [id, floor] of Object.entries(FLOORS)) {
        const failing = categories[id].auditRefs
          .filter((ref) => ref.weight > 0 && (audits[ref.id].score ?? 1) < 1)
          .map((ref) => `${ref.id}: ${audits[ref.id].title}`);
        expect.soft((categories[id].score ?? 0) >= floor, `${id} on ${path} (${scores[id]}): ${failing.join('; ')}`).toBe(true);
      }
    }
  } finally {
    await browser.close();
  }
});
