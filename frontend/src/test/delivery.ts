import { fireEvent, screen } from '@testing-library/react';

/**
 * Types a US address into the delivery section's new-address form (the country is the shop's, US,
 * already), once the US fields are in (its metadata loads first), with a US phone.
 */
export async function fillUsAddress(fields: Partial<Record<'Address' | 'City' | 'State' | 'ZIP code' | 'Phone', string>> = {}) {
  await screen.findByLabelText('ZIP code');
  const values = { Address: '500 Market St', City: 'San Francisco', State: 'CA', 'ZIP code': '94103', Phone: '(415) 555-0100', ...fields };
  for (const [label, value] of Object.entries(values)) fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

/** The rows of the "Order totals" block as "label: amount", then its "incl. … VAT" note if any. */
export function totalsRows(): string[] {
  const block = screen.getByRole('region', { name: 'Order totals' });
  const rows = [...block.querySelectorAll('dt')].map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
  const note = [...block.querySelectorAll('p')].map((paragraph) => paragraph.textContent ?? '');
  return [...rows, ...note];
}
