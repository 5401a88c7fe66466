import { expect, test, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
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

test('the region and postcode are labelled for the country', async () => {
  render(<Form initial={filled} onSubmit={() => {}} />);
  expect(screen.getByLabelText('State')).toHaveValue('CA');
  expect(screen.getByLabelText('ZIP code')).toHaveAttribute('autocomplete', 'postal-code');
  for (const label of ['Full name', 'Address', 'Address line 2 (optional)', 'City', 'Phone'])
    expect(screen.getByLabelText(label)).toBeInTheDocument();

  const country = screen.getByRole('combobox', { name: 'Country' });
  fireEvent.focus(country);
  fireEvent.change(country, { target: { value: 'United Kingdom' } });
  fireEvent.click(await screen.findByRole('option', { name: 'United Kingdom' }));
  expect(screen.getByLabelText('County (optional)')).toBeInTheDocument();
  expect(screen.getByLabelText('Postcode')).toBeInTheDocument();
});

test("a blank form shows every field's message, the country's rule included, and does not submit", async () => {
  const onSubmit = vi.fn();
  render(<Form initial={addressFormValues(null, 'US')} onSubmit={onSubmit} />);
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
  ['US', 'State', 'CA', 'ZIP code', '9410', 'Enter a US ZIP code like 94103'],
  ['GB', 'County (optional)', '', 'Postcode', '12345', 'Enter a UK postcode like SW1A 1AA'],
  ['CA', 'Province', 'ON', 'Postal code', 'K1A', 'Enter a Canadian postal code like K1A 0B1'],
  ['DE', 'State / Province / Region (optional)', '', 'Postcode', '1011', 'Enter a German postcode like 10115'],
])('%s: a wrong postcode gets the rule the server checks too', async (country, regionLabel, region, postcodeLabel, postcode, message) => {
  const onSubmit = vi.fn();
  render(<Form initial={{ ...filled, country, region, postalCode: postcode }} onSubmit={onSubmit} />);
  expect(screen.getByLabelText(regionLabel)).toHaveValue(region);
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText(message)).toBeInTheDocument();
  expect(screen.getByLabelText(postcodeLabel)).toHaveAttribute('aria-invalid', 'true');
  expect(onSubmit).not.toHaveBeenCalled();
});

test('a valid address submits', async () => {
  const onSubmit = vi.fn();
  render(<Form initial={{ ...filled, country: 'GB', region: '', postalCode: 'sw1a 1aa', city: 'London' }} onSubmit={onSubmit} />);
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(onSubmit).toHaveBeenCalled());
});
