import { expect, test } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { countingClient, renderPage } from '../../../test/render';
import BladeRulesPage from './BladeRulesPage';

const rule = (country: string, overrides: Record<string, unknown> = {}) => ({
  __typename: 'BladeRule',
  country,
  minimumAge: 18,
  allowed: true,
  handover: 'standard',
  updatedAt: '2026-11-20T10:00:00.000Z',
  updatedBy: 'admin@keen.test',
  ...overrides,
});
const gb = rule('GB', { handover: 'ageVerified' });
const au = rule('AU', { allowed: false });
const us = rule('US', { minimumAge: 21 });

/** Renders the page on a client answering from `answer`; an operation it does not expect fails the test. */
const show = (answer: (name: string, variables: Record<string, unknown>) => unknown) => {
  const counting = countingClient((name, variables) => {
    const data = answer(name, variables);
    if (data === undefined) throw new Error(`unexpected ${name}`);
    return data;
  });
  renderPage(<BladeRulesPage />, { path: '/dashboard/bladeRules', route: '/dashboard/bladeRules', client: counting.client });
  return counting;
};
const rulesAnswer = (bladeRules: unknown[]) => ({ bladeRules, shippingCountries: ['DE', 'GB'] });

/** The table's rows below its header, each as its cells' text. */
const rows = () =>
  within(screen.getByRole('table', { name: 'Blade rules' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].slice(0, 4).map((cell) => cell.textContent));

const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

test("lists each country's rule by name (age, blades sold or not, handover), says it is not legal advice", async () => {
  show((name) => (name === 'BladeRules' ? rulesAnswer([gb, us, au]) : undefined));
  expect(await screen.findByRole('heading', { name: 'Blade rules', level: 1 })).toBeInTheDocument();
  await screen.findByRole('table', { name: 'Blade rules' });
  expect(rows()).toEqual([
    ['Australia', '18', 'No blades', 'Standard'],
    ['United Kingdom', '18', 'Blades sold', 'Age-verified handover'],
    ['United States', '21', 'Blades sold', 'Standard'],
  ]);
  expect(screen.getByText(/the shop's own decisions, not legal advice/)).toBeInTheDocument();
});

test('with no rules, says that every country takes blades at the shop’s defaults', async () => {
  show((name) => (name === 'BladeRules' ? rulesAnswer([]) : undefined));
  expect(await screen.findByText(/No blade rules yet/)).toBeInTheDocument();
});

test('Add rule checks the shared rules, starts the UK at the age-verified handover, sends setBladeRule, and the rule joins the list without a refetch', async () => {
  const sent: unknown[] = [];
  const { requests } = show((name, variables) => {
    if (name === 'BladeRules') return rulesAnswer([us]);
    if (name === 'SetBladeRule') {
      sent.push(variables.input);
      return { setBladeRule: rule('GB', { minimumAge: 18, allowed: true, handover: 'ageVerified' }) };
    }
  });
  await screen.findByRole('table', { name: 'Blade rules' });
  fireEvent.click(screen.getByRole('button', { name: 'Add rule' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add blade rule' });
  type(within(dialog).getByLabelText('Minimum age'), '30');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add rule' }));
  expect(await within(dialog).findByText('Country is Required')).toBeInTheDocument();
  expect(within(dialog).getByText('Minimum age must be between 16 and 25')).toBeInTheDocument();

  const country = within(dialog).getByRole('combobox', { name: 'Country' });
  fireEvent.focus(country);
  type(country, 'united k');
  fireEvent.click(await screen.findByRole('option', { name: 'United Kingdom' }));
  expect(within(dialog).getByRole('combobox', { name: 'Handover' })).toHaveTextContent('Age-verified handover');
  expect(within(dialog).getByRole('switch', { name: 'Blades allowed' })).toBeChecked();
  // Blank: the shop's default minimum age.
  type(within(dialog).getByLabelText('Minimum age'), '');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add rule' }));

  expect(await screen.findByText('Rule for United Kingdom saved')).toBeInTheDocument();
  expect(sent).toEqual([{ country: 'GB', minimumAge: null, allowed: true, handover: 'ageVerified' }]);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(rows()).toEqual([
    ['United Kingdom', '18', 'Blades sold', 'Age-verified handover'],
    ['United States', '21', 'Blades sold', 'Standard'],
  ]);
  expect(requests).toEqual(['BladeRules', 'SetBladeRule']);
}, 60_000);

test('Edit keeps the country, sends the changed rule, and the row changes in place from the answer', async () => {
  const sent: unknown[] = [];
  const { requests } = show((name, variables) => {
    if (name === 'BladeRules') return rulesAnswer([gb, us]);
    if (name === 'SetBladeRule') {
      sent.push(variables.input);
      return { setBladeRule: rule('US', { minimumAge: 18, allowed: false, handover: 'ageVerified' }) };
    }
  });
  fireEvent.click(await screen.findByRole('button', { name: 'Edit the rule for United States' }));
  const dialog = await screen.findByRole('dialog', { name: 'Rule for United States' });
  const country = within(dialog).getByRole('combobox', { name: 'Country' });
  expect(country).toHaveValue('United States');
  expect(country).toBeDisabled();
  const age = within(dialog).getByLabelText('Minimum age');
  expect(age).toHaveValue(21);
  type(age, '18');
  fireEvent.click(within(dialog).getByRole('switch', { name: 'Blades allowed' }));
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Handover' }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Age-verified handover' }));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save rule' }));

  expect(await screen.findByText('Rule for United States saved')).toBeInTheDocument();
  expect(sent).toEqual([{ country: 'US', minimumAge: 18, allowed: false, handover: 'ageVerified' }]);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(rows()).toEqual([
    ['United Kingdom', '18', 'Blades sold', 'Age-verified handover'],
    ['United States', '18', 'No blades', 'Age-verified handover'],
  ]);
  expect(requests).toEqual(['BladeRules', 'SetBladeRule']);
}, 60_000);

test('a rule the server refuses shows its words, and the dialog stays open', async () => {
  show((name) => {
    if (name === 'BladeRules') return rulesAnswer([gb]);
    if (name === 'SetBladeRule') return new GraphQLError('Only an admin signed in as themselves can change the blade rules');
  });
  fireEvent.click(await screen.findByRole('button', { name: 'Edit the rule for United Kingdom' }));
  const dialog = await screen.findByRole('dialog', { name: 'Rule for United Kingdom' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save rule' }));
  expect(await screen.findByText('Only an admin signed in as themselves can change the blade rules')).toBeInTheDocument();
  expect(screen.getByRole('dialog', { name: 'Rule for United Kingdom' })).toBeInTheDocument();
}, 60_000);

test('Delete asks first and says what applies there then; confirmed, the rule leaves the list without a refetch', async () => {
  const deleted: unknown[] = [];
  const { requests } = show((name, variables) => {
    if (name === 'BladeRules') return rulesAnswer([gb, au]);
    if (name === 'DeleteBladeRule') {
      deleted.push(variables.country);
      return { deleteBladeRule: 'GB' };
    }
  });
  fireEvent.click(await screen.findByRole('button', { name: 'Delete the rule for United Kingdom' }));
  let confirm = await screen.findByRole('dialog', { name: 'Delete the rule for United Kingdom?' });
  expect(confirm).toHaveTextContent("at the shop's default minimum age, with an age-verified handover");
  fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(deleted).toEqual([]);

  fireEvent.click(screen.getByRole('button', { name: 'Delete the rule for United Kingdom' }));
  confirm = await screen.findByRole('dialog', { name: 'Delete the rule for United Kingdom?' });
  fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('Rule for United Kingdom deleted')).toBeInTheDocument();
  expect(deleted).toEqual(['GB']);
  await waitFor(() => expect(rows()).toEqual([['Australia', '18', 'No blades', 'Standard']]));
  expect(requests).toEqual(['BladeRules', 'DeleteBladeRule']);
}, 60_000);
