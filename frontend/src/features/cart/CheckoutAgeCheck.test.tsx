import { beforeEach, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Auth } from 'firebase/auth';
import { GraphQLError } from 'graphql';
import { AGE_CHECK_EMAIL_UNVERIFIED } from '@keen/rules';
import { cart } from '../../lib/cart';
import {
  addressFixture,
  ageVerificationFixture,
  dollars,
  orderFixture,
  quoteFixture,
  shippingAddressOf,
  shippingOptionFixture,
  userFixture,
  withDelivery,
} from '../../test/fixtures';
import { knifeFixture, knifeLineFixture } from '../../test/orderingFixtures';
import { authState, countingClient, renderPage } from '../../test/render';
import CheckoutPage from './CheckoutPage';
import { CheckoutPageQuery } from './operations';

/** A product of the cart as CartProduct answers it: Engraved Santoku is a blade (age-restricted), the strop is not. */
const productFixture = (id: string, name: string, price: number, ageRestricted: boolean) =>
  knifeFixture(id, { name, img: `/images/${id}.svg`, priceFrom: dollars(price), ageRestricted });
const products: Record<string, ReturnType<typeof productFixture>> = {
  s1: productFixture('s1', 'Engraved Santoku', 150, true),
  t1: productFixture('t1', 'Leather Strop', 40, false),
};
const cartLine = (productId: string) => {
  const { name, img, priceFrom } = products[productId];
  return knifeLineFixture(productId, { seen: { name, img, unitAmount: priceFrom.amount } });
};

const home = addressFixture('1', { isDefault: true });
const sydney = addressFixture('2', { line1: '1 George St', city: 'Sydney', region: 'NSW', postalCode: '2000', country: 'AU' });
const ADULT = '1990-04-01';
const MINOR = '2015-04-01';

const refusal = (message: string, extensions: Record<string, unknown>) => new GraphQLError(message, { extensions });
const santokuRefused = refusal("We can't deliver Engraved Santoku to Australia.", { code: 'BAD_USER_INPUT', productIds: ['s1'] });

interface Shop {
  /** Casey's latest age check, as `me.ageVerification` answers it. */
  latest?: unknown;
  addresses?: unknown[];
  countries?: string[];
  /** placeOrder's answers, in turn (the last one repeats); an order by default. */
  placeAnswers?: unknown[];
  /** What `me.emailVerified` answers, asked each time (verified by default). */
  emailVerified?: () => boolean;
  /** What verifyAge answers instead of the test provider's decision. */
  verifyAnswer?: () => unknown;
  /** Firebase's signed-in user, as the age step reloads it. */
  currentUser?: unknown;
}

/**
 * The checkout's server. The test provider decides by the date of birth and the name, as on the
 * server; Australia takes no blades. Records what each mutation is asked.
 */
function shop({
  latest = null,
  addresses = [home],
  countries = ['US', 'AU'],
  placeAnswers = [],
  emailVerified = () => true,
  verifyAnswer,
  currentUser,
}: Shop = {}) {
  const asked: Record<string, Record<string, unknown>[]> = {
    VerifyAge: [],
    SubmitAgeDocument: [],
    PlaceCartOrder: [],
    OrderQuote: [],
  };
  const counting = countingClient((name, variables) => {
    const input = variables.input as Record<string, unknown>;
    if (name in asked) asked[name].push(input);
    switch (name) {
      case 'CartProduct':
        return { product: products[variables.id as string] };
      case 'CheckoutPage':
        return withDelivery(userFixture({ ageVerification: latest }), addresses, countries);
      case 'OrderQuote': {
        const { lines, address } = input as { lines: { productId: string }[]; address: { country: string } };
        if (address.country === 'AU' && lines.some((line) => line.productId === 's1')) return santokuRefused;
        return quoteFixture([shippingOptionFixture('standard', 'Standard', { price: 5 })]);
      }
      case 'VerifyAge':
        if (verifyAnswer) return verifyAnswer();
        if (String(input.fullName).toLowerCase() === 'needs document')
          return { verifyAge: ageVerificationFixture('NEEDS_DOCUMENT', { id: 'check-2' }) };
        return { verifyAge: ageVerificationFixture(input.dateOfBirth === ADULT ? 'PASSED' : 'FAILED', { id: 'check-2' }) };
      case 'SubmitAgeDocument':
        return {
          submitAgeDocument: ageVerificationFixture(input.document === 'test_document_adult' ? 'PASSED' : 'FAILED', { id: 'check-3' }),
        };
      case 'PlaceCartOrder': {
        const answer = placeAnswers[asked.PlaceCartOrder.length - 1] ?? placeAnswers.at(-1);
        return answer ?? { placeOrder: orderFixture('o1') };
      }
      case 'EmailVerified':
        return { me: { __typename: 'User', id: userFixture().id, emailVerified: emailVerified() } };
    }
    throw new Error(`unexpected ${name}`);
  });
  renderPage(<CheckoutPage />, {
    path: '/checkout',
    route: '/checkout',
    client: counting.client,
    auth: authState(currentUser ? { auth: { currentUser } as unknown as Auth } : {}),
  });
  return { ...counting, asked };
}

const placeOrderButton = () => screen.getByRole('button', { name: 'Place order' });
/** The age step, once the cart's products have been read again (they say which lines are restricted). */
const ageStep = () => screen.findByRole('region', { name: 'Age check' });
const priced = () => screen.findByRole('radio', { name: /^Standard/ });

/** Fills the age step and confirms (the name prefilled from the profile unless given). */
async function confirmAge(dateOfBirth: string, name?: string) {
  const step = within(await ageStep());
  if (name !== undefined) fireEvent.change(step.getByLabelText('Name as on your ID'), { target: { value: name } });
  fireEvent.change(step.getByLabelText('Date of birth'), { target: { value: dateOfBirth } });
  await userEvent.click(step.getByRole('button', { name: 'Confirm my age' }));
}

beforeEach(() => {
  act(() => cart.clear());
  sessionStorage.clear();
});

test('a cart without an age-restricted line has no age step and orders at once', async () => {
  act(() => void cart.add(cartLine('t1')));
  const { asked } = shop();
  await priced();
  await waitFor(() => expect(placeOrderButton()).toBeEnabled());
  expect(screen.queryByRole('region', { name: 'Age check' })).not.toBeInTheDocument();
  expect(screen.queryByRole('img', { name: /^Age-restricted/ })).not.toBeInTheDocument();
  await userEvent.click(placeOrderButton());
  expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard/payment/o1');
  expect(asked.VerifyAge).toEqual([]);
});

test('an age-restricted line asks for the age before Place order; a pass enables it, is cached without a refetch, and the order is sent', async () => {
  act(() => void cart.add(cartLine('s1')));
  act(() => void cart.add(cartLine('t1')));
  const { asked, requests, client } = shop();
  await priced();
  const step = within(await ageStep());
  // The blade is marked; the strop is not.
  expect(screen.getByRole('img', { name: 'Age-restricted: 18 or over' })).toHaveTextContent('18+');
  expect(screen.getAllByRole('img', { name: /^Age-restricted/ })).toHaveLength(1);
  expect(step.getByLabelText('Name as on your ID')).toHaveValue('Casey Blade');
  expect(step.getByLabelText('Date of birth')).toHaveAttribute('type', 'date');
  // The test provider: no declaration to sign.
  expect(step.queryByRole('checkbox')).not.toBeInTheDocument();
  expect(placeOrderButton()).toBeDisabled();

  // The shared rule's message, and nothing sent.
  await userEvent.click(step.getByRole('button', { name: 'Confirm my age' }));
  expect(await step.findByText('Date of birth is Required')).toBeInTheDocument();
  expect(asked.VerifyAge).toEqual([]);

  await confirmAge(ADULT);
  expect(await step.findByText('Age confirmed')).toBeInTheDocument();
  expect(step.queryByLabelText('Date of birth')).not.toBeInTheDocument();
  expect(asked.VerifyAge).toEqual([{ fullName: 'Casey Blade', dateOfBirth: ADULT }]);
  expect(client.cache.readQuery({ query: CheckoutPageQuery })?.me?.ageVerification).toMatchObject({ id: 'check-2', status: 'PASSED' });
  expect(requests.filter((name) => name === 'CheckoutPage')).toHaveLength(1);

  await waitFor(() => expect(placeOrderButton()).toBeEnabled());
  await userEvent.click(placeOrderButton());
  expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard/payment/o1');
  expect(asked.PlaceCartOrder).toEqual([
    {
      phone: home.phone,
      shippingAddress: shippingAddressOf(home),
      shippingMethodId: 'standard',
      lines: [
        { productId: 's1', quantity: 1 },
        { productId: 't1', quantity: 1 },
      ],
      idempotencyKey: expect.any(String),
    },
  ]);
});

test('a failed check says only "We couldn\'t confirm your age" and Place order stays disabled', async () => {
  act(() => void cart.add(cartLine('s1')));
  const { asked } = shop();
  await priced();
  await confirmAge(MINOR);
  const failure = await within(await ageStep()).findByRole('alert');
  expect(failure).toHaveTextContent(/^We couldn't confirm your age$/);
  // Nothing more: no bracket, no date, no form to try again.
  expect(await ageStep()).toHaveTextContent(/^Age checkWe couldn't confirm your age$/);
  expect(placeOrderButton()).toBeDisabled();
  expect(asked.VerifyAge).toHaveLength(1);
});

test('a failure still holding checkout shows at once, without a form', async () => {
  act(() => void cart.add(cartLine('s1')));
  shop({ latest: ageVerificationFixture('FAILED') });
  await priced();
  // The step appears once the cart's products have been read again (they say which lines are restricted).
  const step = await screen.findByRole('region', { name: 'Age check' });
  expect(within(step).getByRole('alert')).toHaveTextContent("We couldn't confirm your age");
  expect(screen.queryByLabelText('Date of birth')).not.toBeInTheDocument();
  expect(placeOrderButton()).toBeDisabled();
});

test('a document asked for: the test provider offers its test documents, and the adult one passes', async () => {
  act(() => void cart.add(cartLine('s1')));
  const { asked } = shop();
  await priced();
  await confirmAge(ADULT, 'Needs Document');
  const step = within(await ageStep());
  expect(await step.findByText('To confirm your age we need to see an identity document.')).toBeInTheDocument();
  expect(placeOrderButton()).toBeDisabled();
  const documents = step.getByLabelText('Test document');
  expect([...(documents as HTMLSelectElement).options].map((option) => option.text)).toEqual(['Adult ID (test)', 'Under-18 ID (test)']);
  await userEvent.selectOptions(documents, 'Adult ID (test)');
  await userEvent.click(step.getByRole('button', { name: 'Submit document' }));
  expect(await step.findByText('Age confirmed')).toBeInTheDocument();
  expect(asked.VerifyAge).toEqual([{ fullName: 'Needs Document', dateOfBirth: ADULT }]);
  expect(asked.SubmitAgeDocument).toEqual([{ document: 'test_document_adult' }]);
  await waitFor(() => expect(placeOrderButton()).toBeEnabled());
});

test('the under-18 test document fails the check', async () => {
  act(() => void cart.add(cartLine('s1')));
  const { asked } = shop({ latest: ageVerificationFixture('NEEDS_DOCUMENT') });
  await priced();
  const step = within(await ageStep());
  await userEvent.selectOptions(step.getByLabelText('Test document'), 'Under-18 ID (test)');
  await userEvent.click(step.getByRole('button', { name: 'Submit document' }));
  expect(await step.findByRole('alert')).toHaveTextContent(/^We couldn't confirm your age$/);
  expect(asked.SubmitAgeDocument).toEqual([{ document: 'test_document_minor' }]);
  expect(placeOrderButton()).toBeDisabled();
});

test('a current pass skips the step', async () => {
  act(() => void cart.add(cartLine('s1')));
  const { asked } = shop({ latest: ageVerificationFixture('PASSED') });
  await priced();
  await waitFor(() => expect(placeOrderButton()).toBeEnabled());
  expect(screen.queryByRole('region', { name: 'Age check' })).not.toBeInTheDocument();
  await userEvent.click(placeOrderButton());
  expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard/payment/o1');
  expect(asked.VerifyAge).toEqual([]);
});

test('a pass that has run out asks again', async () => {
  act(() => void cart.add(cartLine('s1')));
  shop({ latest: ageVerificationFixture('PASSED', { validUntil: '2020-01-01T00:00:00.000Z' }) });
  await priced();
  expect(within(await ageStep()).getByRole('button', { name: 'Confirm my age' })).toBeInTheDocument();
  expect(placeOrderButton()).toBeDisabled();
});

test('AGE_CHECK_REQUIRED from placeOrder brings the step back with its message; a new pass lets the order through', async () => {
  act(() => void cart.add(cartLine('s1')));
  const required = refusal('Confirm your age to buy Engraved Santoku', { code: 'AGE_CHECK_REQUIRED' });
  const { asked } = shop({ latest: ageVerificationFixture('PASSED'), placeAnswers: [required, { placeOrder: orderFixture('o1') }] });
  await priced();
  await waitFor(() => expect(placeOrderButton()).toBeEnabled());
  await userEvent.click(placeOrderButton());

  const step = within(await screen.findByRole('region', { name: 'Age check' }));
  // Said once, in the step (no toast repeating it).
  expect(step.getByText('Confirm your age to buy Engraved Santoku')).toBeInTheDocument();
  expect(screen.getAllByText('Confirm your age to buy Engraved Santoku')).toHaveLength(1);
  expect(placeOrderButton()).toBeDisabled();

  await confirmAge(ADULT);
  expect(await step.findByText('Age confirmed')).toBeInTheDocument();
  await waitFor(() => expect(placeOrderButton()).toBeEnabled());
  await userEvent.click(placeOrderButton());
  expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard/payment/o1');
  expect(asked.PlaceCartOrder).toHaveLength(2);
});

test('a country that takes no blades: the delivery says so and offers to remove the refused lines; the rest is bought', async () => {
  act(() => void cart.add(cartLine('s1')));
  act(() => void cart.add(cartLine('t1')));
  const { asked } = shop({ addresses: [sydney], latest: ageVerificationFixture('PASSED') });
  const refused = (await screen.findByText("We can't deliver Engraved Santoku to Australia.")).closest('[role="alert"]') as HTMLElement;
  expect(placeOrderButton()).toBeDisabled();

  await userEvent.click(within(refused).getByRole('button', { name: 'Remove from cart' }));
  expect(cart.lines().map((line) => line.productId)).toEqual(['t1']);
  expect(await screen.findByText('Removed Engraved Santoku')).toBeInTheDocument();
  await priced();
  expect(screen.queryByText("We can't deliver Engraved Santoku to Australia.")).not.toBeInTheDocument();
  await waitFor(() => expect(placeOrderButton()).toBeEnabled());
  await userEvent.click(placeOrderButton());
  expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard/payment/o1');
  expect(asked.PlaceCartOrder.map((input) => input.lines)).toEqual([[{ productId: 't1', quantity: 1 }]]);
});

test("placeOrder's refusal of a country's blades offers the same removal, and Undo puts the line back", async () => {
  act(() => void cart.add(cartLine('s1')));
  act(() => void cart.add(cartLine('t1')));
  // A shop without shipping zones asks no shipping options: only placeOrder refuses.
  shop({ addresses: [sydney], countries: [], latest: ageVerificationFixture('PASSED'), placeAnswers: [santokuRefused] });
  await waitFor(() => expect(placeOrderButton()).toBeEnabled());
  await userEvent.click(placeOrderButton());
  const refused = (await screen.findByText("We can't deliver Engraved Santoku to Australia.")).closest('[role="alert"]') as HTMLElement;
  await userEvent.click(within(refused).getByRole('button', { name: 'Remove from cart' }));
  expect(cart.lines().map((line) => line.productId)).toEqual(['t1']);
  expect(screen.queryByText("We can't deliver Engraved Santoku to Australia.")).not.toBeInTheDocument();

  await userEvent.click(await screen.findByRole('button', { name: 'Undo' }));
  expect(cart.lines().map((line) => line.productId)).toEqual(['s1', 't1']);
});

const VERIFY_EMAIL = 'Verify your e-mail address to confirm your age';

test('an unverified address: the step asks for it instead of the form; "I\'ve verified it" after the link brings the form, and the check passes', async () => {
  act(() => void cart.add(cartLine('s1')));
  let fresh = false;
  const currentUser = {
    emailVerified: false,
    reload: vi.fn(async () => {
      currentUser.emailVerified = true;
    }),
    getIdToken: vi.fn(async (force?: boolean) => {
      if (force) fresh = true;
      return 'token';
    }),
  };
  const { asked } = shop({ emailVerified: () => fresh, currentUser });
  await priced();
  const step = within(await ageStep());
  expect(await step.findByText(VERIFY_EMAIL)).toBeInTheDocument();
  expect(step.getByText('casey@keen.test')).toBeInTheDocument();
  expect(step.queryByLabelText('Date of birth')).not.toBeInTheDocument();
  expect(placeOrderButton()).toBeDisabled();

  await userEvent.click(step.getByRole('button', { name: "I've verified it" }));
  expect(await step.findByLabelText('Date of birth')).toBeInTheDocument();
  expect(currentUser.getIdToken).toHaveBeenCalledWith(true);
  expect(step.queryByText(VERIFY_EMAIL)).not.toBeInTheDocument();
  await confirmAge(ADULT);
  expect(await step.findByText('Age confirmed')).toBeInTheDocument();
  expect(asked.VerifyAge).toEqual([{ fullName: 'Casey Blade', dateOfBirth: ADULT }]);
  await waitFor(() => expect(placeOrderButton()).toBeEnabled());
});

test("the server's refusal for an unverified address asks the server again, and the step then asks for the address", async () => {
  act(() => void cart.add(cartLine('s1')));
  // Verified when the page asked; no longer by the time the check is sent.
  let verified = true;
  const { requests } = shop({
    emailVerified: () => verified,
    verifyAnswer: () => {
      verified = false;
      return refusal(AGE_CHECK_EMAIL_UNVERIFIED, { code: 'BAD_USER_INPUT' });
    },
  });
  await priced();
  await confirmAge(ADULT);
  const step = within(await ageStep());
  expect(await step.findByText(VERIFY_EMAIL)).toBeInTheDocument();
  expect(step.queryByLabelText('Date of birth')).not.toBeInTheDocument();
  expect(requests.filter((name) => name === 'EmailVerified')).toHaveLength(2);
});
