import { expect, test } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { countingClient, renderPage } from '../../../test/render';
import WorkshopPage from './WorkshopPage';

const settings = (capacityPerWeek: number | null) => ({
  __typename: 'WorkshopSettings',
  handlingDays: 2,
  capacityPerWeek,
  queuedUnits: 3,
  closedDates: [{ __typename: 'ClosedDate', date: '2027-01-15', note: 'Knife show' }],
});
const window = (latest: string) => ({ __typename: 'ShipWindow', earliest: '2027-01-04', latest, text: `Ships by ${latest}` });
const line = (orderId: string, latest: string, overdue: boolean) => ({
  __typename: 'WorkshopQueueLine',
  lineId: `${orderId}-l`,
  orderId,
  productName: 'Engraved Santoku',
  variantName: '18 cm / Walnut',
  queuedQuantity: orderId === 'aaaaaaaa-1' ? 2 : 1,
  engravingText: 'Ada',
  engravingFont: 'serif',
  engravingPlacement: 'Spine',
  customValue: null,
  customerName: 'Casey',
  overdue,
  shipBy: window(latest),
});

function renderWorkshop() {
  const sent: { name: string; variables: Record<string, unknown> }[] = [];
  const { client } = countingClient((name, variables) => {
    sent.push({ name, variables });
    if (name === 'Workshop')
      return {
        workshopSettings: settings(null),
        workshopQueue: [line('aaaaaaaa-1', '2027-01-10', true), line('bbbbbbbb-2', '2027-02-26', false)],
      };
    if (name === 'SetOrderShipBy')
      return { setOrderShipBy: { __typename: 'Order', id: variables.orderId, shipBy: window(String(variables.latest)), late: true } };
    if (name === 'UpdateWorkshopSettings') return { updateWorkshopSettings: settings(5) };
    if (name === 'ReopenWorkshopDate') return { reopenWorkshopDate: { ...settings(null), closedDates: [] } };
    throw new Error(`unexpected ${name}`);
  });
  renderPage(<WorkshopPage />, { path: '/dashboard/workshop', route: '/dashboard/workshop', client });
  return sent;
}

test('the queue by promised date, the overdue line flagged with its engraving; a new date clears the flag', async () => {
  const sent = renderWorkshop();
  const table = await screen.findByRole('table', { name: 'Made-to-order queue' });
  const [late, due] = within(table).getAllByRole('row').slice(1);
  expect(within(late).getByText('#aaaaaaaa')).toBeInTheDocument();
  expect(within(late).getByText('2 × Engraved Santoku, 18 cm / Walnut')).toBeInTheDocument();
  expect(within(late).getByText('“Ada” (serif, Spine)')).toBeInTheDocument();
  expect(within(late).getByText('Overdue')).toBeInTheDocument();
  expect(within(due).queryByText('Overdue')).not.toBeInTheDocument();
  expect(screen.getByText('15 January 2027: Knife show')).toBeInTheDocument();

  fireEvent.change(within(late).getByLabelText('New ship date for order #aaaaaaaa'), { target: { value: '2027-02-12' } });
  await userEvent.click(within(late).getByRole('button', { name: 'Set' }));
  expect(await within(late).findByText('12 February 2027')).toBeInTheDocument();
  expect(within(late).queryByText('Overdue')).not.toBeInTheDocument();
  expect(sent.filter(({ name }) => name === 'SetOrderShipBy').map(({ variables }) => variables)).toEqual([
    { orderId: 'aaaaaaaa-1', latest: '2027-02-12' },
  ]);
});

test('saving the settings sends the capacity (blank is none) and shows the answer', async () => {
  const sent = renderWorkshop();
  const capacity = await screen.findByLabelText('Capacity per week');
  expect(capacity).toHaveValue(null);
  await userEvent.type(capacity, '5');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Workshop settings saved')).toBeInTheDocument();
  expect(sent.filter(({ name }) => name === 'UpdateWorkshopSettings').map(({ variables }) => variables)).toEqual([
    { input: { handlingDays: 2, capacityPerWeek: 5 } },
  ]);
  expect(screen.getByLabelText('Capacity per week')).toHaveValue(5);
});

test('opening a closed date again asks first, then the list shows the answer', async () => {
  const sent = renderWorkshop();
  await userEvent.click(await screen.findByRole('button', { name: 'Open again on 2027-01-15' }));
  const dialog = await screen.findByRole('dialog', { name: 'Open the workshop again on 15 January 2027?' });
  expect(sent.filter(({ name }) => name === 'ReopenWorkshopDate')).toEqual([]);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Open again' }));
  expect(await screen.findByText('No closed dates ahead.')).toBeInTheDocument();
  expect(sent.filter(({ name }) => name === 'ReopenWorkshopDate').map(({ variables }) => variables)).toEqual([{ date: '2027-01-15' }]);
});
