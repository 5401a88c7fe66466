import { expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Auth } from 'firebase/auth';
import { GraphQLError } from 'graphql';
import { sendEmailVerification } from '../../lib/firebase';
import type { RuntimeConfig } from '../../lib/config';
import {
  addressFixture,
  ageVerificationFixture,
  dollars,
  orderFixture,
  quoteFixture,
  shippingOptionFixture,
  withDelivery,
} from '../../test/fixtures';
import { customerFixture as me, knifeFixture } from '../../test/orderingFixtures';
import { authState, countingClient, renderPage } from '../../test/render';
import PurchasePage from './PurchasePage';

// The Firebase SDK's chunk, as the age step's "Resend verification e-mail" loads it.
vi.mock('../../lib/firebase', () => ({ sendEmailVerification: vi.fn(async () => {}) }));

const productFixture = (ageRestricted: boolean, minimumAge: number | null = null) =>
  knifeFixture('p1', {
    name: 'Engraved Santoku',
    img: '/images/santoku.svg',
    description: 'Folded steel',
    priceFrom: dollars(150),
    quantity: 10,
    ageRestricted,
    minimumAge,
  });
const placed = { ...orderFixture('o9'), product: { __typename: 'Product', id: 'p1', quantity: 9 } };

interface Shop {
  product?: ReturnType<typeof productFixture>;
  latest?: unknown;
  provider?: RuntimeConfig['ageVerification'];
  placeAnswer?: unknown;
  /** What `me.emailVerified` answers, asked each time. */
  emailVerified?: () => boolean;
  /** Firebase's signed-in user, as the age step reloads it. */
  currentUser?: unknown;
}

/** The purchase page's server: a declared check passes an adult's date of birth; records what it is asked. */
function shop({
  product = productFixture(true),
  latest = null,
  provider = 'declared',
  placeAnswer = { placeOrder: placed },
  emailVerified = () => true,
  currentUser,
}: Shop = {}) {
  const asked: Record<string, unknown[]> = { VerifyAge: [], PlaceOrder: [] };
  const counting = countingClient((name, variables) => {
    if (name in asked) asked[name].push(variables.input);
    switch (name) {
      case 'PurchasePage':
        return {
          ...withDelivery({ ...me, ageVerification: latest }, [addressFixture('1', { isDefault: true })], ['US']),
          product,
          engravingFonts: [],
        };
      case 'OrderQuote':
        return quoteFixture([shippingOptionFixture('standard', 'Standard', { subtotal: 150, price: 5 })]);
      case 'VerifyAge':
        return { verifyAge: ageVerificationFixture('PASSED', { method: 'declared' }) };
      case 'PlaceOrder':
        return placeAnswer;
      case 'EmailVerified':
        return { me: { __typename: 'User', id: me.id, emailVerified: emailVerified() } };
    }
    throw new Error(`unexpected ${name}`);
  });
  const auth = authState(currentUser ? { auth: { currentUser } as unknown as Auth } : {});
  renderPage(<PurchasePage />, {
    path: '/purchase/:id',
    route: '/purchase/p1',
    client: counting.client,
    auth: { ...auth, config: { ...auth.config!, ageVerification: provider } },
  });
  return { ...counting, asked };
}

const placeOrderButton = () => screen.getByRole('button', { name: 'Place Order' });
const priced = () => screen.findByRole('radio', { name: /^Standard/ });

test('a product that is not age-restricted has neither chip nor age step', async () => {
  shop({ product: productFixture(false) });
  await priced();
  await waitFor(() => expect(placeOrderButton()).toBeEnabled());
  expect(screen.queryByRole('region', { name: 'Age check' })).not.toBeInTheDocument();
  expect(screen.queryByRole('img', { name: /^Age-restricted/ })).not.toBeInTheDocument();
});

test('the declared provider needs the signed declaration; the pass enables Place Order and the order is sent', async () => {
  const { asked } = shop({ product: productFixture(true, 21) });
  await priced();
  // A product's own minimum age is the chip's.
  expect(screen.getByRole('img', { name: 'Age-restricted: 21 or over' })).toHaveTextContent('21+');
  const step = within(screen.getByRole('region', { name: 'Age check' }));
  expect(placeOrderButton()).toBeDisabled();
  // The SPEC's fields are all still there.
  for (const label of ['Name', 'Email', 'Product Name', 'Price', 'Stock', 'Quantity'])
    expect(screen.getByLabelText(label)).toBeInTheDocument();

  fireEvent.change(step.getByLabelText('Date of birth'), { target: { value: '1990-04-01' } });
  await userEvent.click(step.getByRole('button', { name: 'Confirm my age' }));
  expect(await step.findByText('Sign the declaration to confirm your age')).toBeInTheDocument();
  expect(asked.VerifyAge).toEqual([]);

  await userEvent.click(step.getByRole('checkbox', { name: 'I declare that the date of birth I gave is my own and true' }));
  await userEvent.click(step.getByRole('button', { name: 'Confirm my age' }));
  expect(await step.findByText('Age confirmed')).toBeInTheDocument();
  expect(asked.VerifyAge).toEqual([{ fullName: 'Casey Blade', dateOfBirth: '1990-04-01', declaration: true }]);
  // The test provider's hints are not for this one.
  expect(screen.queryByText(/Test provider/)).not.toBeInTheDocument();

  await waitFor(() => expect(placeOrderButton()).toBeEnabled());
  await userEvent.click(placeOrderButton());
  expect(await screen.findByText('Order Placed')).toBeInTheDocument();
  expect(asked.PlaceOrder).toHaveLength(1);
});

test("placeOrder's AGE_CHECK_FAILED shows the failure in the age step, not in a toast", async () => {
  const failed = new GraphQLError("We couldn't confirm your age", { extensions: { code: 'AGE_CHECK_FAILED' } });
  shop({ latest: ageVerificationFixture('PASSED'), placeAnswer: failed });
  await priced();
  expect(screen.queryByRole('region', { name: 'Age check' })).not.toBeInTheDocument();
  await waitFor(() => expect(placeOrderButton()).toBeEnabled());
  await userEvent.click(placeOrderButton());
  const step = await screen.findByRole('region', { name: 'Age check' });
  expect(within(step).getByRole('alert')).toHaveTextContent(/^We couldn't confirm your age$/);
  expect(screen.getAllByText("We couldn't confirm your age")).toHaveLength(1);
  expect(placeOrderButton()).toBeDisabled();
});

test('a document asked for, with a provider other than the test one: the message alone', async () => {
  shop({ latest: ageVerificationFixture('NEEDS_DOCUMENT') });
  await priced();
  const step = within(screen.getByRole('region', { name: 'Age check' }));
  expect(step.getByText('To confirm your age we need to see an identity document.')).toBeInTheDocument();
  expect(step.queryByLabelText('Test document')).not.toBeInTheDocument();
  expect(step.queryByRole('button')).not.toBeInTheDocument();
  expect(placeOrderButton()).toBeDisabled();
});

/** Firebase's user for an address whose link is followed when the test says so; a forced token is a fresh one. */
function firebaseUser() {
  const user = {
    emailVerified: false,
    linkFollowed: false,
    freshToken: false,
    reload: vi.fn(async () => {
      user.emailVerified = user.linkFollowed;
    }),
    getIdToken: vi.fn(async (force?: boolean) => {
      if (force) user.freshToken = true;
      return 'token';
    }),
  };
  return user;
}

test('an unverified address: the step asks for it to be verified instead of the form, and can send the e-mail again', async () => {
  const user = firebaseUser();
  const { asked } = shop({ emailVerified: () => false, currentUser: user });
  await priced();
  const step = within(screen.getByRole('region', { name: 'Age check' }));
  expect(await step.findByText('Verify your e-mail address to confirm your age')).toBeInTheDocument();
  expect(step.getByText('casey@keen.test')).toBeInTheDocument();
  expect(step.queryByLabelText('Date of birth')).not.toBeInTheDocument();
  expect(step.queryByRole('button', { name: 'Confirm my age' })).not.toBeInTheDocument();
  expect(placeOrderButton()).toBeDisabled();
  // Nothing is checked with Firebase until the customer says so.
  expect(user.reload).not.toHaveBeenCalled();

  await userEvent.click(step.getByRole('button', { name: 'Resend verification e-mail' }));
  expect(await step.findByRole('status')).toHaveTextContent('We sent a new link to casey@keen.test.');
  expect(sendEmailVerification).toHaveBeenCalledWith(user);

  // Said before the link was followed: Firebase still has it unverified, and the step stays.
  await userEvent.click(step.getByRole('button', { name: "I've verified it" }));
  expect(await step.findByText(/^Your address is not verified yet/)).toBeInTheDocument();
  expect(user.getIdToken).not.toHaveBeenCalled();
  expect(step.queryByLabelText('Date of birth')).not.toBeInTheDocument();
  expect(asked.VerifyAge).toEqual([]);
});

test('"I\'ve verified it" after the link was followed: a fresh token, the server asked again, then the form, and the check is sent', async () => {
  const user = firebaseUser();
  const { asked, requests } = shop({ emailVerified: () => user.freshToken, currentUser: user });
  await priced();
  const region = screen.getByRole('region', { name: 'Age check' });
  const step = within(region);
  const verified = await step.findByRole('button', { name: "I've verified it" });
  user.linkFollowed = true;
  await userEvent.click(verified);

  const dateOfBirth = await step.findByLabelText('Date of birth');
  expect(user.reload).toHaveBeenCalled();
  expect(user.getIdToken).toHaveBeenCalledWith(true);
  expect(requests.filter((name) => name === 'EmailVerified')).toHaveLength(2);
  expect(step.queryByText('Verify your e-mail address to confirm your age')).not.toBeInTheDocument();
  // The button the customer used has gone: their focus is on the step.
  await waitFor(() => expect(region).toHaveFocus());

  fireEvent.change(dateOfBirth, { target: { value: '1990-04-01' } });
  await userEvent.click(step.getByRole('checkbox', { name: 'I declare that the date of birth I gave is my own and true' }));
  await userEvent.click(step.getByRole('button', { name: 'Confirm my age' }));
  expect(await step.findByText('Age confirmed')).toBeInTheDocument();
  expect(asked.VerifyAge).toEqual([{ fullName: 'Casey Blade', dateOfBirth: '1990-04-01', declaration: true }]);
});

test('a current pass needs no verified address: no step, and the server is not asked about it', async () => {
  const { requests } = shop({ latest: ageVerificationFixture('PASSED'), emailVerified: () => false });
  await priced();
  await waitFor(() => expect(placeOrderButton()).toBeEnabled());
  expect(screen.queryByRole('region', { name: 'Age check' })).not.toBeInTheDocument();
  expect(requests).not.toContain('EmailVerified');
});
