import { expect, test, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useFormik } from 'formik';
import AddressFields, { type AddressFormValues, addressFormValues, validateAddress } from './AddressFields';

function Form({ initial, onSubmit }: { initial: AddressFormValues; onSubmit: (values: AddressFormValues) => void }) {
  const formik = useFormik<AddressFormValues>({ initialValues: initial, validate: validateAddress, onSubmit });
  return (
    <form noValidate onSubmit={formik.handleSubmit}>
      <AddressFields formik={formik} idPrefix="test" />
      <button type="submit">Save</button>
    </form>
  );
}

const filled: AddressFormValues = {
  name: 'Casey Blade',
  line1: '500 Market St',
  line2: '',
  city: 'San Francisco',
  region: 'CA',
  postalCode: '94103',
  country: 'US',
  phone: '+1 415 555 0100',
};

async function chooseCountry(name: string) {
  const country = screen.getByRole('combobox', { name: 'Country' });
  fireEvent.focus(country);
  fireEvent.change(country, { target: { value: name } });
  fireEvent.click(await screen.findByRole('option', { name }));
}

test("the fields, labels and regions follow the country's metadata, loaded when it is chosen", async () => {
  render(<Form initial={filled} onSubmit={() => {}} />);
  const state = await screen.findByRole('combobox', { name: 'State' });
  expect(state).toHaveValue('CA');
  expect(within(state).getByRole('option', { name: 'California' })).toBeInTheDocument();
  expect(screen.getByLabelText('ZIP code')).toHaveAttribute('autocomplete', 'postal-code');
  for (const label of ['Full name', 'Address', 'Address line 2 (optional)', 'City', 'Phone'])
    expect(screen.getByLabelText(label)).toBeInTheDocument();

  await chooseCountry('United Kingdom');
  // The UK's own fields once its metadata is in ('Postcode' is also the label while it loads).
  expect(await screen.findByLabelText('Town/City')).toBeInTheDocument();
  expect(screen.getByLabelText('Postcode')).toBeInTheDocument();
  expect(screen.queryByRole('combobox', { name: /County|State|Region/ })).not.toBeInTheDocument();
});

test('Japan: a prefecture from the list, no city field', async () => {
  render(<Form initial={{ ...filled, country: 'JP', region: '', city: '' }} onSubmit={() => {}} />);
  const prefecture = await screen.findByRole('combobox', { name: 'Prefecture' });
  expect(prefecture).toHaveValue('');
  expect(within(prefecture).getByRole('option', { name: 'Tokyo' })).toHaveValue('13');
  expect(screen.queryByLabelText(/City/)).not.toBeInTheDocument();
});

test('Hong Kong: an area from the list, an optional district, no postcode field', async () => {
  render(<Form initial={{ ...filled, country: 'HK', region: '', city: '' }} onSubmit={() => {}} />);
  expect(await screen.findByRole('combobox', { name: 'Area' })).toBeInTheDocument();
  expect(screen.getByLabelText('District (optional)')).toBeInTheDocument();
  expect(screen.queryByLabelText(/Postcode/)).not.toBeInTheDocument();
});

test("a blank form shows every field's message, the country's rule included, and does not submit", async () => {
  const onSubmit = vi.fn();
  render(<Form initial={addressFormValues(null, 'US')} onSubmit={onSubmit} />);
  await screen.findByRole('combobox', { name: 'State' });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  for (const message of [
    'Full name is Required',
    'Address is Required',
    'City is Required',
    'State is Required',
    'ZIP code is Required',
    'Phone is Required',
  ])
    expect(await screen.findByText(message)).toBeInTheDocument();
  expect(onSubmit).not.toHaveBeenCalled();
});

test.each([
  ['US', { region: 'CA', postalCode: '9410' }, 'ZIP code', 'State', 'Enter a ZIP code like 95014'],
  ['GB', { region: '', postalCode: '12345', phone: '020 7946 0000' }, 'Postcode', 'Town/City', 'Enter a postcode like EC1Y 8SY'],
  [
    'IE',
    { region: '', postalCode: 'A65', phone: '085 123 4567' },
    'Eircode (optional)',
    'County (optional)',
    'Enter an Eircode like A65 F4E2',
  ],
  ['JP', { region: '13', postalCode: '15000', phone: '03-1234-5678' }, 'Postcode', 'Prefecture', 'Enter a postcode like 154-0023'],
  ['BR', { region: 'SP', postalCode: '0130', phone: '11 5555 0100' }, 'Postcode', 'State', 'Enter a postcode like 40301-110'],
])('%s: a wrong postcode gets the rule the server checks too', async (country, values, postcodeLabel, countryLabel, message) => {
  const onSubmit = vi.fn();
  render(<Form initial={{ ...filled, country, ...values }} onSubmit={onSubmit} />);
  // The country's own field, once its metadata is in.
  await screen.findByLabelText(countryLabel);
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText(message)).toBeInTheDocument();
  expect(screen.getByLabelText(postcodeLabel)).toHaveAttribute('aria-invalid', 'true');
  expect(onSubmit).not.toHaveBeenCalled();
});

test("a phone is checked against the delivery country, with that country's example", async () => {
  const onSubmit = vi.fn();
  render(<Form initial={{ ...filled, country: 'IE', region: '', postalCode: '', city: 'Dublin', phone: '085 123' }} onSubmit={onSubmit} />);
  await screen.findByLabelText('Eircode (optional)');
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Enter a phone number for Ireland, like 085 012 3456')).toBeInTheDocument();
  expect(onSubmit).not.toHaveBeenCalled();
});

test.each([
  ['GB', 'Town/City', { country: 'GB', region: '', postalCode: 'sw1a 1aa', city: 'London', phone: '020 7946 0000' }],
  ['IE without an Eircode', 'Eircode (optional)', { country: 'IE', region: '', postalCode: '', city: 'Dublin', phone: '085 123 4567' }],
  ['HK without a postcode', 'Area', { country: 'HK', region: 'Kowloon', postalCode: '', city: '', phone: '2123 4567' }],
])('%s: a valid address submits', async (_name, label, values) => {
  const onSubmit = vi.fn();
  render(<Form initial={{ ...filled, ...values }} onSubmit={onSubmit} />);
  await screen.findByLabelText(label);
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(onSubmit).toHaveBeenCalled());
});
