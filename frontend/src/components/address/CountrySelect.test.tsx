import { useState } from 'react';
import { expect, test, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import CountrySelect from './CountrySelect';

function Picker({ onChange, preferred }: { onChange: (code: string) => void; preferred?: string[] }) {
  const [value, setValue] = useState('');
  return (
    <CountrySelect
      id="country"
      value={value}
      preferred={preferred}
      onChange={(code) => {
        setValue(code);
        onChange(code);
      }}
    />
  );
}

test('the preferred countries come first under their heading, then the others by name, each once', async () => {
  render(<Picker onChange={() => {}} preferred={['GB', 'US']} />);
  // Filtered, so that the test renders a few options rather than every country.
  const input = screen.getByRole('combobox', { name: 'Country' });
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: 'united' } });
  const listbox = await screen.findByRole('listbox');
  const suggested = within(listbox).getByText('Suggested');
  const all = within(listbox).getByText('All countries');
  expect(suggested.compareDocumentPosition(all) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  const names = within(listbox)
    .getAllByRole('option')
    .map((option) => option.textContent);
  expect(names.slice(0, 3)).toEqual(['United Kingdom', 'United States', 'United Arab Emirates']);
  expect(names.filter((name) => name === 'United Kingdom')).toHaveLength(1);
  expect(names.filter((name) => name === 'United States')).toHaveLength(1);
});

test('typing filters by name, and choosing answers the ISO code', async () => {
  const onChange = vi.fn();
  render(<Picker onChange={onChange} />);
  const input = screen.getByRole('combobox', { name: 'Country' });
  await userEvent.type(input, 'germ');
  expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Germany']);
  await userEvent.keyboard('{Enter}');
  expect(onChange).toHaveBeenLastCalledWith('DE');
  expect(input).toHaveValue('Germany');
});
