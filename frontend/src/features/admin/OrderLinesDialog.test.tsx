import { expect, test } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { OrderFieldsFragment } from '../../gql/graphql';
import { orderFixture } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import OrderLinesDialog from './OrderLinesDialog';

const show = (overrides: Record<string, unknown>) =>
  renderPage(<OrderLinesDialog order={orderFixture('o1', overrides) as unknown as OrderFieldsFragment} onClose={() => undefined} />, {
    path: '/dashboard/allOrders',
    route: '/dashboard/allOrders',
  });

test("the order's panel shows the gift message and the note to the workshop, and offers the gift slip", () => {
  show({ giftMessage: 'Happy birthday, Sam', workshopNote: 'Deeper cut, please' });
  const dialog = screen.getByRole('dialog');
  expect(within(dialog).getByRole('region', { name: 'Gift message' })).toHaveTextContent('Happy birthday, Sam');
  expect(within(dialog).getByRole('region', { name: 'Note to the workshop' })).toHaveTextContent('Deeper cut, please');
  expect(within(dialog).getByRole('link', { name: 'Print gift slip' })).toHaveAttribute('href', '/giftSlip/o1');
});

test('an order without them shows neither, and no gift slip', () => {
  show({});
  const dialog = screen.getByRole('dialog');
  expect(within(dialog).queryByRole('region', { name: 'Gift message' })).not.toBeInTheDocument();
  expect(within(dialog).queryByRole('region', { name: 'Note to the workshop' })).not.toBeInTheDocument();
  expect(within(dialog).queryByRole('link', { name: 'Print gift slip' })).not.toBeInTheDocument();
});
