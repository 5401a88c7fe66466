import { expect, test } from '@playwright/test';
import { demo, signIn, snap } from './support';

test('on a 375 px phone the shop fits the screen and the dashboard menu opens', async ({ page }, info) => {
  for (const path of ['/', '/products', '/reviews', '/login', '/signup']) {
    await page.goto(path);
    await expect(page.getByRole('main').or(page.locator('#root')).first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
  }
  await page.goto('/');
  await snap(page, 'home', info.project.name);

  await signIn(page, demo.customer);
  await page.goto('/dashboard/myOrders');
  await expect(page.getByRole('heading', { name: /My Orders/i })).toBeVisible();
  await snap(page, 'my-orders', info.project.name);
});
