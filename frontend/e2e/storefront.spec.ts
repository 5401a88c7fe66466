import { expect, test } from '@playwright/test';
import { confirmAdultAge, followVerificationLink, snap, uniqueEmail } from './support';

test('a visitor browses the shop', async ({ page }, info) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/engrave/i);
  await expect(page.getByRole('link', { name: /Buy Now/ })).toHaveCount(6);
  await expect(page.getByText('9.7K')).toBeVisible();
  await expect(page.getByText('Contact Us').first()).toBeVisible();
  await snap(page, 'home', info.project.name);

  await page.getByRole('link', { name: 'Show More Products' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('link', { name: /Buy Now/ }).nth(6)).toBeVisible();
  // The first row's photos load at once (the first one first), the rest when scrolled near.
  const photos = page.getByRole('article').getByRole('img');
  await expect(photos.first()).toHaveAttribute('loading', 'eager');
  await expect(photos.first()).toHaveAttribute('fetchpriority', 'high');
  await expect(photos.nth(3)).toHaveAttribute('loading', 'lazy');
  await snap(page, 'products', info.project.name);

  await page.goto('/reviews');
  await expect(page.getByText(/Damascus chef knife arrived razor sharp/)).toBeVisible();
  await snap(page, 'reviews', info.project.name);

  for (const [path, heading] of [
    ['/blogs', /Blogs/],
    ['/myPortfolio', /portfolio/i],
    ['/myportfolio', /portfolio/i],
    ['/contactus', /Contact Us/],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
  }
  await page.goto('/blogs');
  await expect(page.getByRole('heading', { name: /\?$/ })).toHaveCount(6);
  await page.goto('/no/such/page');
  await expect(page.getByText(/not found/i).first()).toBeVisible();
});

test('a shopper signs up, buys, deletes an order, reviews, updates the profile and signs out', async ({ page }, info) => {
  const email = uniqueEmail('shopper');
  const name = 'Robin Whetstone';

  // Buying sends an anonymous visitor to sign in first.
  await page.goto('/products');
  await page
    .getByRole('link', { name: /Buy Now/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/login$/);
  await snap(page, 'login', info.project.name);
  await page.getByRole('link', { name: /New User\? Sign Up/ }).click();
  await expect(page).toHaveURL(/\/signup$/);

  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Address').fill('7 Tang Street, Sheffield');
  await page.getByLabel('Contact Number').fill('01144960000');
  await page.getByLabel('Password', { exact: true }).fill('sharp-edges-1');
  await page.getByLabel('Confirm Password').fill('sharp-edges-2');
  await page.getByRole('button', { name: 'Signup' }).click();
  await expect(page.getByText('Please Agree Terms & Conditions')).toBeVisible();
  await snap(page, 'signup', info.project.name);

  await page.getByLabel('Accepct terms and conditions').check();
  await page.getByRole('button', { name: 'Signup' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  await page.getByLabel('Confirm Password').fill('sharp-edges-1');
  await page.getByRole('button', { name: 'Signup' }).click();
  await expect(page.getByText(`${name} you have been registered`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();

  // Purchase: the minimum-quantity product shows all three quantity messages.
  await page.goto('/products');
  await page.getByRole('link', { name: /Buy Now: Groomsman Pocket Folder/ }).click();
  await expect(page).toHaveURL(/\/purchase\//);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Product Name')).toHaveValue('Groomsman Pocket Folder');
  // A knife: Place Order waits for the new shopper's age check, and the age check for their verified e-mail address.
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeDisabled();
  const ageStep = page.getByRole('region', { name: 'Age check' });
  await expect(ageStep.getByText('Verify your e-mail address to confirm your age')).toBeVisible();
  await expect(ageStep.getByText(email)).toBeVisible();
  await expect(ageStep.getByLabel('Date of birth')).toHaveCount(0);
  // The shopper opens the link the sign-up sent, comes back and says so: the form follows.
  await followVerificationLink(email);
  await ageStep.getByRole('button', { name: "I've verified it" }).click();
  await expect(ageStep.getByLabel('Date of birth')).toBeVisible();
  await confirmAdultAge(page);
  const quantity = page.getByLabel('Quantity');
  const purchase = page.getByRole('button', { name: /purchase|order|buy/i });
  await quantity.fill('');
  await purchase.click();
  await expect(page.getByText('Empty Quantity')).toBeVisible();
  await quantity.fill('100000');
  await purchase.click();
  await expect(page.getByText('Product cannot be purchased for product shortage')).toBeVisible();
  await quantity.fill('2');
  await purchase.click();
  await expect(page.getByText('Minimum Quantity Required')).toBeVisible();
  await quantity.fill('5');
  // A new customer has no saved address: the purchase form takes one, in the shop's country until another is chosen.
  await page.getByLabel('Country').fill('United Kingdom');
  await page.getByRole('option', { name: 'United Kingdom' }).click();
  await page.getByLabel('Address', { exact: true }).fill('7 Tang Street');
  await page.getByLabel('City').fill('Sheffield');
  await page.getByLabel('Postcode').fill('s1 2he');
  // 5 x $39 is under the UK standard method's free threshold: $12 shipping, the 20% VAT inside the total.
  const totals = page.getByRole('region', { name: 'Order totals' });
  await expect(totals).toContainText('Total$207.00');
  await expect(totals).toContainText('VAT');
  await purchase.click();
  await expect(page.getByText('Order Placed')).toBeVisible();
  await snap(page, 'purchase', info.project.name);

  // My Orders: the unpaid order can be paid or deleted.
  await page.goto('/dashboard/myOrders');
  const row = page.getByRole('row').filter({ hasText: 'Groomsman Pocket Folder' });
  await expect(row).toContainText('$207.00');
  await expect(row.getByRole('link', { name: /Pay/ })).toBeVisible();
  const paymentPage = (await row.getByRole('link', { name: /Pay/ }).getAttribute('href'))!;
  await snap(page, 'my-orders', info.project.name);
  await row.getByRole('button', { name: /Delete/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Are you sure you want to delete ?');
  await expect(dialog).toContainText('Quantity: 5');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Order successfully deleted')).toBeVisible();
  // The order stays in the list as Cancelled, with no Pay and no Delete; its payment page says so.
  await expect(row).toContainText('Cancelled');
  await expect(row.getByRole('link', { name: /Pay/ })).toHaveCount(0);
  await expect(row.getByRole('button', { name: /Delete/ })).toHaveCount(0);
  await page.goto(paymentPage);
  await expect(page.getByText('This order was cancelled, so it cannot be paid.')).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveCount(0);

  // A review shows on /reviews.
  await page.goto('/dashboard/review');
  await page.getByLabel('Give Ratings').fill('5');
  const words = `Engraving was perfect ${Date.now()}`;
  await page.getByLabel('Description').fill(words);
  await page.getByRole('button', { name: 'Add Review' }).click();
  await expect(page.getByText('Review have been added')).toBeVisible();
  await page.goto('/reviews');
  await expect(page.getByText(words)).toBeVisible();

  // Profile.
  await page.goto('/dashboard');
  await page.getByLabel('Name', { exact: true }).fill('Robin W. Whetstone');
  await page.getByLabel('Phone').fill('01144960001');
  await page.getByLabel('Address', { exact: true }).fill('8 Tang Street, Sheffield');
  await page.getByLabel('Photo URL').fill('http://localhost/images/santoku.svg');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByText('Robin W. Whetstone profile has been updated')).toBeVisible();
  await snap(page, 'profile', info.project.name);

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
});
