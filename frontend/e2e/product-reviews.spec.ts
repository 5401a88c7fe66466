import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { demo } from './support';

const CHEF = 'Damascus Chef Knife 8"';

test("a knife's public page shows its own reviews and rating; a signed-in customer adds one there and the rating follows, without a reload", async ({
  page,
}) => {
  await page.goto('/products');
  await page.getByRole('link', { name: CHEF, exact: true }).click();
  await expect(page).toHaveURL(/\/products\/damascus-chef-knife/);
  const url = page.url();

  // The server's own HTML carries the knife's rating for search engines, before any JavaScript.
  const html = await (await fetch(url, { headers: { accept: 'text/html' } })).text();
  const product = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
    .map((match) => JSON.parse(match[1]) as { '@type': string; aggregateRating?: { ratingValue: number; reviewCount: number } })
    .find((block) => block['@type'] === 'Product');
  expect(product?.aggregateRating).toMatchObject({ ratingValue: 5, reviewCount: 1 });

  // The demo's one review of this knife (not the shop's nor another knife's).
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await expect(reviews).toContainText('5 out of 5 from 1 review');
  await expect(reviews.getByRole('article')).toHaveCount(1);
  await expect(reviews.getByRole('article')).toContainText('Marta Ruiz');
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // Signed out: a way to sign in that comes back to the reviews.
  await reviews.getByRole('link', { name: 'Sign in to review this knife' }).click();
  await page.getByLabel(/email/i).fill(demo.customer.email);
  await page.getByLabel(/^password/i).fill(demo.customer.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(`${url}#reviews`);
  // The page has read the knife and its reviews again as the customer: from here on, nothing is read again.
  await expect(reviews.getByRole('article')).toHaveCount(1);
  await expect(reviews.getByLabel('Give Ratings')).toBeVisible();

  const words = `Took a mirror polish ${Date.now()}`;
  let reviewQueries = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/graphql') && /query (Reviews|ProductPage)\b/.test(request.postData() ?? '')) reviewQueries += 1;
  });
  await reviews.getByLabel('Give Ratings').fill('3');
  await reviews.getByLabel('Description').fill(words);
  await reviews.getByRole('button', { name: 'Add Review' }).click();
  await expect(page.getByText('Review have been added')).toBeVisible();
  await expect(reviews.getByRole('article').first()).toContainText(words);
  await expect(reviews).toContainText('4 out of 5 from 2 reviews');
  await expect(page.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  expect(reviewQueries).toBe(0);

  // Every review's page lists it too; the shop's own review form is unchanged.
  await page.goto('/reviews');
  await expect(page.getByText(words)).toBeVisible();
});
