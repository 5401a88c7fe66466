import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { gql, idToken, offline, signIn, verifiedAccount } from './support';

async function expectAxeClean(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([]);
}

test('a customer downloads their data, then deletes their account (reviews removed) and can no longer sign in; axe clean', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await offline(page.context(), baseURL!);
  const account = await verifiedAccount('privacy-leaver', 'Lee Leaver');
  const token = await idToken(account);
  await gql(
    baseURL!,
    'mutation($input: RegisterInput!) { register(input: $input) { id } }',
    { input: { name: 'Lee Leaver', address: '9 Quiet Road, Springfield', phone: '+1 555 0199' } },
    token,
  );
  const review = `Keeps its edge ${Date.now().toString(36)}`;
  await gql(
    baseURL!,
    'mutation($input: AddReviewInput!) { addReview(input: $input) { id } }',
    { input: { star: 4, description: review } },
    token,
  );

  await signIn(page, account);
  await page.goto('/dashboard');
  const yourData = page.getByRole('region', { name: 'Your data' });
  await expect(yourData).toBeVisible();
  await expectAxeClean(page);

  const downloaded = page.waitForEvent('download');
  await yourData.getByRole('button', { name: 'Download my data' }).click();
  const file = await downloaded;
  expect(file.suggestedFilename()).toBe('keen-my-data.json');
  const data = JSON.parse(readFileSync((await file.path())!, 'utf8'));
  expect(data.profile).toMatchObject({ email: account.email, name: 'Lee Leaver', phone: '+1 555 0199' });
  expect(data.reviews).toEqual([expect.objectContaining({ text: review, stars: 4 })]);

  await yourData.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete my account' });
  await dialog.getByRole('radio', { name: 'Remove them' }).check();
  const confirm = dialog.getByRole('button', { name: 'Delete my account for good' });
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Type your e-mail address to confirm' }).fill(account.email);
  await expectAxeClean(page);
  await confirm.click();

  const done = page.getByRole('dialog', { name: 'Your account was deleted' });
  await expect(done).toContainText('Your review was removed.');
  await expectAxeClean(page);
  await done.getByRole('button', { name: 'Close' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible();

  // The sign-in account is gone, and the review with it.
  await expect(idToken(account)).rejects.toThrow(/sign-in failed/);
  const { reviews } = await gql<{ reviews: { items: { description: string }[] } }>(
    baseURL!,
    'query($options: ReviewListOptions) { reviews(options: $options) { items { description } } }',
    { options: { search: review } },
  );
  expect(reviews.items.map((item) => item.description)).not.toContain(review);
});
