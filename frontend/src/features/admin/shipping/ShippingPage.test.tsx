import { expect, test } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { money } from '../../../test/fixtures';
import { countingClient, renderPage } from '../../../test/render';
import { ShippingZonesQuery, TaxProviderStatusQuery, UpdateShippingZoneMutation } from './operations';
import ShippingPage from './ShippingPage';

const method = (id: string, overrides: Record<string, unknown> = {}) => ({
  __typename: 'ShippingMethod',
  id,
  zoneId: 'zone-eu',
  name: 'Standard',
  price: money(495),
  freeOver: money(5000),
  minDays: 2,
  maxDays: 4,
  enabled: true,
  weightBands: null,
  ...overrides,
});
const rate = (category: string, ratePercent: number, region: Record<string, unknown> = {}) => ({
  __typename: 'TaxRate',
  category,
  ratePercent,
  country: null,
  region: null,
  regionName: null,
  taxShipping: null,
  ...region,
});
const keenStatus = { taxProviderStatus: { __typename: 'TaxProviderStatus', provider: 'keen', lastCalculationAt: null, lastError: null } };
const zone = (id: string, name: string, countries: string[], overrides: Record<string, unknown> = {}) => ({
  __typename: 'ShippingZone',
  id,
  name,
  countries,
  regions: [],
  methods: [],
  taxRates: [],
  ...overrides,
});

const standard = method('m-standard');
const express = method('m-express', { name: 'Express', price: money(1200), freeOver: null, minDays: 1, maxDays: 1 });
const ukEu = zone('zone-eu', 'UK and EU', ['DE', 'FR', 'GB'], {
  methods: [standard, express],
  taxRates: [rate('reduced', 5), rate('standard', 20)],
});
const us = zone('zone-us', 'United States', ['US']);

/** Renders the page on a client answering from `answer`; an operation it does not expect fails the test. */
const show = (answer: (name: string, variables: Record<string, unknown>) => unknown) => {
  const counting = countingClient((name, variables) => {
    const data = answer(name, variables) ?? (name === 'TaxProviderStatus' ? keenStatus : undefined);
    if (data === undefined) throw new Error(`unexpected ${name}`);
    return data;
  });
  renderPage(<ShippingPage />, { path: '/dashboard/shipping', route: '/dashboard/shipping', client: counting.client });
  return counting;
};

const zoneSection = (name: string) => screen.findByRole('region', { name });

// Whole values rather than keystrokes: the suites run side by side on busy machines.
const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

/** Types into the countries picker and picks the option named. */
async function chooseCountry(dialog: HTMLElement, text: string, name: string) {
  const input = within(dialog).getByRole('combobox', { name: 'Countries' });
  fireEvent.focus(input);
  type(input, text);
  fireEvent.click(await screen.findByRole('option', { name }));
}

test('lists the zones by name with their countries, methods (cheapest first) and tax rates', async () => {
  show((name) => (name === 'ShippingZones' ? { shippingZones: [us, { ...ukEu, methods: [express, standard] }] } : undefined));
  expect(await screen.findByRole('heading', { name: 'Shipping and tax', level: 1 })).toBeInTheDocument();
  expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['UK and EU', 'United States']);

  const eu = await zoneSection('UK and EU');
  const countries = within(eu).getByRole('list', { name: 'Countries' });
  expect(
    within(countries)
      .getAllByRole('listitem')
      .map((chip) => chip.textContent),
  ).toEqual(['France', 'Germany', 'United Kingdom']);
  const methods = within(within(eu).getByRole('list', { name: 'Delivery methods of UK and EU' })).getAllByRole('listitem');
  expect(methods).toHaveLength(2);
  expect(methods[0]).toHaveTextContent('Standard');
  expect(methods[0]).toHaveTextContent('Enabled');
  expect(methods[0]).toHaveTextContent('$4.95 · Free over $50.00 · 2–4 days');
  expect(methods[1]).toHaveTextContent('Express');
  expect(methods[1]).toHaveTextContent('$12.00 · 1 day');
  expect(methods[1]).not.toHaveTextContent('Free over');
  expect(within(eu).getByRole('spinbutton', { name: 'Standard' })).toHaveValue(20);
  expect(within(eu).getByRole('spinbutton', { name: 'Reduced' })).toHaveValue(5);
  expect(within(eu).getByRole('spinbutton', { name: 'Zero' })).toHaveValue(null);
  expect(within(eu).getByText('Not set: 0%')).toBeInTheDocument();

  // A zone without methods warns that its countries are refused.
  const usZone = await zoneSection('United States');
  expect(within(usZone).getByText(/No methods yet: orders to these countries are refused/)).toBeInTheDocument();
  expect(within(usZone).queryByRole('list', { name: /Delivery methods/ })).not.toBeInTheDocument();
});

test('with no zones, says that the shop ships anywhere free and untaxed until one is added', async () => {
  show((name) => (name === 'ShippingZones' ? { shippingZones: [] } : undefined));
  expect(
    await screen.findByText(/No shipping zones yet: the shop ships anywhere, free and untaxed, until you add a zone/),
  ).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Add zone' })).toBeInTheDocument();
});

test("a failed load shows the server's message", async () => {
  renderPage(<ShippingPage />, {
    path: '/dashboard/shipping',
    route: '/dashboard/shipping',
    mocks: [
      { request: { query: ShippingZonesQuery }, result: { errors: [new GraphQLError('Only an admin may do this')] } },
      { request: { query: TaxProviderStatusQuery }, result: { data: keenStatus } },
    ],
  });
  expect(await screen.findByRole('alert')).toHaveTextContent('Only an admin may do this');
});

// The dialogs take several renders each; a busy machine (suites side by side) needs more than the default time.
test('Add zone checks the shared rules, then sends createShippingZone with the chosen countries; the zone joins the list without a refetch', async () => {
  let sent: unknown = null;
  const { requests } = show((name, variables) => {
    if (name === 'ShippingZones') return { shippingZones: [us] };
    if (name === 'CreateShippingZone') {
      sent = variables.input;
      return { createShippingZone: zone('zone-new', 'Europe', ['DE', 'FR']) };
    }
  });
  await zoneSection('United States');
  fireEvent.click(screen.getByRole('button', { name: 'Add zone' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add zone' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add zone' }));
  expect(await within(dialog).findByText('Zone name is Required')).toBeInTheDocument();
  type(within(dialog).getByLabelText('Zone name'), 'Europe');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add zone' }));
  expect(await within(dialog).findByText('Give the zone at least one country or region')).toBeInTheDocument();

  await chooseCountry(dialog, 'fran', 'France');
  await chooseCountry(dialog, 'germ', 'Germany');
  expect(within(dialog).getByRole('button', { name: 'France' })).toBeInTheDocument();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add zone' }));

  expect(await screen.findByText('Europe added')).toBeInTheDocument();
  expect(sent).toEqual({ name: 'Europe', countries: ['FR', 'DE'], regions: [] });
  const europe = await zoneSection('Europe');
  expect(within(europe).getByText('Germany')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(requests.filter((name) => name !== 'TaxProviderStatus')).toEqual(['ShippingZones', 'CreateShippingZone']);
}, 60_000);

test('a zone the server refuses shows its words, and the dialog stays open', async () => {
  renderPage(<ShippingPage />, {
    path: '/dashboard/shipping',
    route: '/dashboard/shipping',
    mocks: [
      { request: { query: ShippingZonesQuery }, result: { data: { shippingZones: [ukEu, us] } } },
      { request: { query: TaxProviderStatusQuery }, result: { data: keenStatus } },
      {
        request: {
          query: UpdateShippingZoneMutation,
          variables: { id: 'zone-us', input: { name: 'North America', countries: ['US', 'FR'], regions: [] } },
        },
        result: { errors: [new GraphQLError('France is already in the zone UK and EU', { extensions: { code: 'CONFLICT' } })] },
      },
    ],
  });
  fireEvent.click(await screen.findByRole('button', { name: 'Edit the zone United States' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit United States' });
  const name = within(dialog).getByLabelText('Zone name');
  expect(name).toHaveValue('United States');
  expect(within(dialog).getByRole('button', { name: 'United States' })).toBeInTheDocument();
  type(name, 'North America');
  await chooseCountry(dialog, 'franc', 'France');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save zone' }));
  expect(await screen.findByText('France is already in the zone UK and EU')).toBeInTheDocument();
  expect(screen.getByRole('dialog', { name: 'Edit United States' })).toBeInTheDocument();
  // Behind the dialog, the zone is as it was.
  expect(screen.getByRole('heading', { name: 'United States', level: 2, hidden: true })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'North America', hidden: true })).not.toBeInTheDocument();
}, 60_000);

test('Add method checks the shared rules, then sends the amounts in minor units; the method joins its zone', async () => {
  let sent: unknown = null;
  const { requests } = show((name, variables) => {
    if (name === 'ShippingZones') return { shippingZones: [us] };
    if (name === 'CreateShippingMethod') {
      sent = variables.input;
      return {
        createShippingMethod: method('m-ground', {
          zoneId: 'zone-us',
          name: 'Ground',
          price: money(495),
          freeOver: null,
          minDays: 3,
          maxDays: 5,
        }),
      };
    }
  });
  const usZone = await zoneSection('United States');
  fireEvent.click(within(usZone).getByRole('button', { name: 'Add a method to United States' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add a method to United States' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add method' }));
  expect(await within(dialog).findByText('Method name is Required')).toBeInTheDocument();
  expect(within(dialog).getByText('Shipping price is Required')).toBeInTheDocument();
  expect(within(dialog).getByText('Fastest delivery days is Required')).toBeInTheDocument();

  type(within(dialog).getByLabelText('Method name'), 'Ground');
  type(within(dialog).getByLabelText('Price'), '4.955');
  type(within(dialog).getByLabelText('Free over (optional)'), '0');
  type(within(dialog).getByLabelText('Fastest delivery (days)'), '5');
  type(within(dialog).getByLabelText('Slowest delivery (days)'), '3');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add method' }));
  expect(await within(dialog).findByText('Enter an amount like 129.50')).toBeInTheDocument();
  expect(within(dialog).getByText('Free shipping threshold must be more than 0')).toBeInTheDocument();

  const price = within(dialog).getByLabelText('Price');
  type(price, '4.95');
  type(within(dialog).getByLabelText('Free over (optional)'), '');
  // The days are compared once every field is right, as the server does.
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add method' }));
  expect(await within(dialog).findByText('Slowest delivery days must be at least the fastest')).toBeInTheDocument();
  expect(sent).toBeNull();

  type(within(dialog).getByLabelText('Fastest delivery (days)'), '3');
  type(within(dialog).getByLabelText('Slowest delivery (days)'), '5');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add method' }));

  expect(await screen.findByText('Ground added to United States')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(sent).toEqual({
    zoneId: 'zone-us',
    name: 'Ground',
    price: 495,
    freeOver: null,
    minDays: 3,
    maxDays: 5,
    enabled: true,
    weightBands: null,
  });
  const methods = within(usZone).getByRole('list', { name: 'Delivery methods of United States' });
  expect(within(methods).getByRole('listitem')).toHaveTextContent('$4.95 · 3–5 days');
  expect(within(usZone).queryByText(/No methods yet/)).not.toBeInTheDocument();
  expect(requests.filter((name) => name !== 'TaxProviderStatus')).toEqual(['ShippingZones', 'CreateShippingMethod']);
}, 60_000);

test('Edit a method: switching Enabled off sends the method with enabled false, and the list shows it disabled', async () => {
  let sent: unknown = null;
  show((name, variables) => {
    if (name === 'ShippingZones') return { shippingZones: [ukEu] };
    if (name === 'UpdateShippingMethod') {
      sent = variables;
      return { updateShippingMethod: { ...express, enabled: false } };
    }
  });
  const eu = await zoneSection('UK and EU');
  fireEvent.click(within(eu).getByRole('button', { name: 'Edit Express' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Express' });
  expect(within(dialog).getByLabelText('Price')).toHaveValue('12.00');
  expect(within(dialog).getByLabelText('Free over (optional)')).toHaveValue('');
  const enabled = within(dialog).getByRole('switch', { name: 'Enabled' });
  expect(enabled).toBeChecked();
  fireEvent.click(enabled);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save method' }));

  expect(await screen.findByText('Express saved')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(sent).toEqual({
    id: 'm-express',
    input: { zoneId: 'zone-eu', name: 'Express', price: 1200, freeOver: null, minDays: 1, maxDays: 1, enabled: false, weightBands: null },
  });
  const rows = within(within(eu).getByRole('list', { name: 'Delivery methods of UK and EU' })).getAllByRole('listitem');
  await waitFor(() => expect(rows[1]).toHaveTextContent('Disabled'));
  expect(rows[0]).toHaveTextContent('Enabled');
});

test('Delete asks first, saying the methods and rates go with the zone; Cancel keeps it, Delete removes it from the list', async () => {
  const deleted: unknown[] = [];
  const { requests } = show((name, variables) => {
    if (name === 'ShippingZones') return { shippingZones: [ukEu, us] };
    if (name === 'DeleteShippingZone') {
      deleted.push(variables.id);
      return { deleteShippingZone: variables.id };
    }
  });
  const eu = await zoneSection('UK and EU');
  fireEvent.click(within(eu).getByRole('button', { name: 'Delete the zone UK and EU' }));
  let dialog = await screen.findByRole('dialog', { name: 'Delete the zone UK and EU?' });
  expect(dialog).toHaveTextContent('UK and EU goes with its 2 delivery methods and its tax rates.');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(deleted).toEqual([]);

  fireEvent.click(within(eu).getByRole('button', { name: 'Delete the zone UK and EU' }));
  dialog = await screen.findByRole('dialog', { name: 'Delete the zone UK and EU?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('UK and EU deleted')).toBeInTheDocument();
  expect(deleted).toEqual(['zone-eu']);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await waitFor(() => expect(screen.queryByRole('region', { name: 'UK and EU' })).not.toBeInTheDocument());
  expect(screen.getByRole('region', { name: 'United States' })).toBeInTheDocument();
  expect(requests.filter((name) => name !== 'TaxProviderStatus')).toEqual(['ShippingZones', 'DeleteShippingZone']);
});

test('a tax rate is checked with the shared rules, then saved with setTaxRate', async () => {
  const sent: unknown[] = [];
  show((name, variables) => {
    if (name === 'ShippingZones') return { shippingZones: [ukEu] };
    if (name === 'SetTaxRate') {
      sent.push(variables.input);
      return {
        setTaxRate: { __typename: 'ShippingZone', id: 'zone-eu', taxRates: [rate('reduced', 5), rate('standard', 20), rate('zero', 2.5)] },
      };
    }
  });
  const eu = await zoneSection('UK and EU');
  const zero = within(eu).getByRole('spinbutton', { name: 'Zero' });
  fireEvent.change(zero, { target: { value: '101' } });
  fireEvent.click(within(eu).getByRole('button', { name: 'Save the zero rate of UK and EU' }));
  expect(await within(eu).findByText('Rate must be at most 100')).toBeInTheDocument();
  expect(sent).toEqual([]);

  fireEvent.change(zero, { target: { value: '2.5' } });
  fireEvent.click(within(eu).getByRole('button', { name: 'Save the zero rate of UK and EU' }));
  expect(await screen.findByText('Zero rate in UK and EU set to 2.5%')).toBeInTheDocument();
  expect(sent).toEqual([{ zoneId: 'zone-eu', category: 'zero', ratePercent: 2.5 }]);
  await waitFor(() => expect(within(eu).queryByText('Not set: 0%')).not.toBeInTheDocument());
  expect(within(eu).getByRole('spinbutton', { name: 'Zero' })).toHaveValue(2.5);
});

test('a zone of regions: the regions of a chosen country are offered, and sent by their keys', async () => {
  let sent: unknown = null;
  show((name, variables) => {
    if (name === 'ShippingZones') return { shippingZones: [us] };
    if (name === 'CreateShippingZone') {
      sent = variables.input;
      return {
        createShippingZone: zone('zone-west', 'US West', [], {
          regions: [{ __typename: 'ShippingZoneRegion', country: 'US', region: 'CA', name: 'California' }],
        }),
      };
    }
  });
  await zoneSection('United States');
  fireEvent.click(screen.getByRole('button', { name: 'Add zone' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add zone' });
  type(within(dialog).getByLabelText('Zone name'), 'US West');
  const country = within(dialog).getByRole('combobox', { name: 'Regions of (optional)' });
  fireEvent.focus(country);
  type(country, 'united st');
  fireEvent.click(await screen.findByRole('option', { name: 'United States' }));
  const regions = within(dialog).getByRole('combobox', { name: 'Regions' });
  fireEvent.focus(regions);
  type(regions, 'calif');
  fireEvent.click(await screen.findByRole('option', { name: 'California' }));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add zone' }));

  expect(await screen.findByText('US West added')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(sent).toEqual({ name: 'US West', countries: [], regions: [{ country: 'US', region: 'CA' }] });
  const west = await zoneSection('US West');
  expect(within(within(west).getByRole('list', { name: 'Regions' })).getByRole('listitem')).toHaveTextContent('California (US)');
}, 60_000);

test('a method priced by weight: bands are checked with the shared rules, sent in grams and minor units, and listed', async () => {
  let sent: unknown = null;
  show((name, variables) => {
    if (name === 'ShippingZones') return { shippingZones: [us] };
    if (name === 'CreateShippingMethod') {
      sent = variables.input;
      return {
        createShippingMethod: method('m-parcel', {
          zoneId: 'zone-us',
          name: 'Parcel',
          price: money(800),
          freeOver: null,
          weightBands: [
            { __typename: 'WeightBand', upToGrams: 500, price: money(800) },
            { __typename: 'WeightBand', upToGrams: 2000, price: money(1400) },
          ],
        }),
      };
    }
  });
  const usZone = await zoneSection('United States');
  fireEvent.click(within(usZone).getByRole('button', { name: 'Add a method to United States' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add a method to United States' });
  type(within(dialog).getByLabelText('Method name'), 'Parcel');
  type(within(dialog).getByLabelText('Fastest delivery (days)'), '2');
  type(within(dialog).getByLabelText('Slowest delivery (days)'), '4');
  fireEvent.click(within(dialog).getByRole('switch', { name: 'Priced by weight' }));
  expect(within(dialog).queryByLabelText('Price')).not.toBeInTheDocument();
  type(within(dialog).getByLabelText('Band 1: up to'), '2000');
  type(within(dialog).getByLabelText('Band 1: price'), '14');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add band' }));
  type(within(dialog).getByLabelText('Band 2: up to'), '500');
  type(within(dialog).getByLabelText('Band 2: price'), '8');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add method' }));
  expect(await within(dialog).findByText('Weight bands go from lightest to heaviest: 500 g comes after 2 kg')).toBeInTheDocument();
  expect(sent).toBeNull();

  type(within(dialog).getByLabelText('Band 1: up to'), '500');
  type(within(dialog).getByLabelText('Band 1: price'), '8');
  type(within(dialog).getByLabelText('Band 2: up to'), '2000');
  type(within(dialog).getByLabelText('Band 2: price'), '14');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add method' }));
  expect(await screen.findByText('Parcel added to United States')).toBeInTheDocument();
  expect(sent).toEqual({
    zoneId: 'zone-us',
    name: 'Parcel',
    price: 800,
    freeOver: null,
    minDays: 2,
    maxDays: 4,
    enabled: true,
    weightBands: [
      { upToGrams: 500, price: 800 },
      { upToGrams: 2000, price: 1400 },
    ],
  });
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  const methods = within(usZone).getByRole('list', { name: 'Delivery methods of United States' });
  expect(within(methods).getByRole('listitem')).toHaveTextContent('Up to 500 g $8.00, Up to 2 kg $14.00 · 2–4 days');
}, 60_000);

test('the tax provider card says which provider computes tax, and a failed Stripe Tax calculation with its reason', async () => {
  show((name) => {
    if (name === 'ShippingZones') return { shippingZones: [us] };
    if (name === 'TaxProviderStatus')
      return {
        taxProviderStatus: {
          __typename: 'TaxProviderStatus',
          provider: 'stripe',
          lastCalculationAt: '2026-12-06T10:00:00.000Z',
          lastError: 'Invalid API Key provided',
        },
      };
  });
  const card = await screen.findByRole('region', { name: 'Tax provider' });
  expect(card).toHaveTextContent('Tax provider: Stripe Tax');
  expect(within(card).getByRole('alert')).toHaveTextContent('The last calculation failed');
  expect(within(card).getByRole('alert')).toHaveTextContent('Invalid API Key provided. Checkouts are refused until Stripe Tax answers.');
});

test("Keen's rates: the card says so", async () => {
  show((name) => (name === 'ShippingZones' ? { shippingZones: [us] } : undefined));
  const card = await screen.findByRole('region', { name: 'Tax provider' });
  expect(card).toHaveTextContent('Tax provider: Keen rates');
  expect(within(card).queryByRole('alert')).toBeNull();
});

test("a region's rate is added with Tax shipping, listed by the region's name, and removed", async () => {
  const sent: { name: string; input: unknown }[] = [];
  const ny = rate('standard', 8.875, { country: 'US', region: 'NY', regionName: 'New York', taxShipping: true });
  show((name, variables) => {
    if (name === 'ShippingZones') return { shippingZones: [us] };
    if (name === 'SetTaxRate') {
      sent.push({ name, input: variables.input });
      return { setTaxRate: { __typename: 'ShippingZone', id: 'zone-us', taxRates: [ny] } };
    }
    if (name === 'RemoveTaxRate') {
      sent.push({ name, input: variables.input });
      return { removeTaxRate: { __typename: 'ShippingZone', id: 'zone-us', taxRates: [] } };
    }
  });
  const section = await zoneSection('United States');
  expect(within(section).getByText(/None: the zone.s rates apply everywhere in it/)).toBeInTheDocument();
  fireEvent.click(within(section).getByRole('button', { name: 'Add a rate for a region of United States' }));
  const form = within(section).getByRole('form', { name: 'Add a rate for a region of United States' });
  fireEvent.click(within(form).getByRole('button', { name: 'Add rate' }));
  expect(await within(form).findByText('Enter a region, like NY or New York')).toBeInTheDocument();
  expect(sent).toEqual([]);

  type(within(form).getByRole('textbox', { name: 'Region' }), 'NY');
  // Rates have up to 3 decimals (New York's 8.875%), not more.
  type(within(form).getByRole('spinbutton', { name: 'Rate' }), '8.8751');
  fireEvent.click(within(form).getByRole('button', { name: 'Add rate' }));
  expect(await within(form).findByText('A tax rate has at most 3 decimals, like 8.875')).toBeInTheDocument();
  expect(sent).toEqual([]);
  type(within(form).getByRole('spinbutton', { name: 'Rate' }), '8.875');
  fireEvent.click(within(form).getByRole('checkbox', { name: 'Tax shipping' }));
  fireEvent.click(within(form).getByRole('button', { name: 'Add rate' }));
  expect(await screen.findByText('Standard rate for NY set to 8.875%')).toBeInTheDocument();
  expect(sent).toEqual([
    {
      name: 'SetTaxRate',
      input: { zoneId: 'zone-us', category: 'standard', ratePercent: 8.875, country: 'US', region: 'NY', taxShipping: true },
    },
  ]);
  const list = await within(section).findByRole('list', { name: 'Rates by region of United States' });
  expect(list).toHaveTextContent('New York (United States): Standard 8.875%');
  expect(list).toHaveTextContent('shipping taxed');

  fireEvent.click(within(list).getByRole('button', { name: 'Remove the standard rate of New York' }));
  expect(await screen.findByText('Rate of New York removed')).toBeInTheDocument();
  expect(sent[1]).toEqual({ name: 'RemoveTaxRate', input: { zoneId: 'zone-us', category: 'standard', country: 'US', region: 'NY' } });
  await waitFor(() => expect(within(section).queryByRole('list', { name: 'Rates by region of United States' })).toBeNull());
});
