import { expect, test } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { countingClient, renderPage } from '../../../test/render';
import CollectionsPage from './CollectionsPage';

const knife = (id: string, name: string) => ({ __typename: 'Product', id, name });
const shelf = (id: string, name: string, position: number, products: ReturnType<typeof knife>[] = []) => ({
  __typename: 'Collection',
  id,
  name,
  slug: name.toLowerCase(),
  description: '',
  image: null,
  position,
  products,
});
const chef = knife('p1', 'Chef Knife');
const santoku = knife('p2', 'Santoku');
const bushcraft = knife('p3', 'Bushcraft Knife');

/** Renders the page on a client answering from `answer`; an operation it does not expect fails the test. */
const show = (answer: (name: string, variables: Record<string, unknown>) => unknown) => {
  const counting = countingClient((name, variables) => {
    const data = answer(name, variables);
    if (data === undefined) throw new Error(`unexpected ${name}`);
    return data;
  });
  renderPage(<CollectionsPage />, { path: '/dashboard/collections', route: '/dashboard/collections', client: counting.client });
  return counting;
};

const names = () =>
  within(screen.getByRole('table', { name: 'Collections' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('th a')?.textContent);

test('lists the collections in order with their knives; Add collection sends the slug only when given, and the new one joins the list', async () => {
  const sent: Record<string, unknown>[] = [];
  const counting = show((name, variables) => {
    if (name === 'AdminCollections') return { collections: [shelf('c1', 'Kitchen', 0, [chef, santoku])] };
    if (name === 'CreateCollection') {
      sent.push(variables);
      return { createCollection: shelf('c2', 'Outdoor', 1) };
    }
    return undefined;
  });
  await screen.findByRole('table', { name: 'Collections' });
  expect(names()).toEqual(['Kitchen']);
  expect(screen.getByRole('link', { name: 'Kitchen' })).toHaveAttribute('href', '/collections/kitchen');

  await userEvent.click(screen.getByRole('button', { name: 'Add collection' }));
  const dialog = screen.getByRole('dialog', { name: 'Add collection' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Add collection' }));
  expect(await within(dialog).findByText('Name is Required')).toBeInTheDocument();
  fireEvent.change(within(dialog).getByLabelText('Slug'), { target: { value: 'not a slug' } });
  fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Outdoor' } });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Add collection' }));
  expect(sent).toEqual([]);
  fireEvent.change(within(dialog).getByLabelText('Slug'), { target: { value: '' } });
  fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'For the field' } });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Add collection' }));
  await waitFor(() => expect(sent).toEqual([{ input: { name: 'Outdoor', slug: null, description: 'For the field', image: null } }]));
  await waitFor(() => expect(names()).toEqual(['Kitchen', 'Outdoor']));
  expect(counting.requests.filter((name) => name === 'AdminCollections')).toHaveLength(1);
});

test('Move down sends every collection in the new order, and the list follows the answer', async () => {
  const sent: unknown[] = [];
  show((name, variables) => {
    if (name === 'AdminCollections')
      return { collections: [shelf('c1', 'Kitchen', 0), shelf('c2', 'Outdoor', 1), shelf('c3', 'Gifts', 2)] };
    if (name === 'ReorderCollections') {
      sent.push(variables.ids);
      return {
        reorderCollections: (variables.ids as string[]).map((id, position) => ({ __typename: 'Collection', id, position })),
      };
    }
    return undefined;
  });
  await screen.findByRole('table', { name: 'Collections' });
  expect(screen.getByRole('button', { name: 'Move Kitchen up' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Move Gifts down' })).toBeDisabled();
  await userEvent.click(screen.getByRole('button', { name: 'Move Kitchen down' }));
  await waitFor(() => expect(names()).toEqual(['Outdoor', 'Kitchen', 'Gifts']));
  expect(sent).toEqual([['c2', 'c1', 'c3']]);
});

test('Knives: a knife found by name is added, moved up and saved in that order; one taken off leaves', async () => {
  const sent: unknown[] = [];
  show((name, variables) => {
    if (name === 'AdminCollections') return { collections: [shelf('c1', 'Kitchen', 0, [chef, santoku])] };
    if (name === 'ShelfProductChoices') {
      const search = String(variables.search ?? '').toLowerCase();
      const items = [chef, santoku, bushcraft].filter((product) => product.name.toLowerCase().includes(search));
      return { products: { __typename: 'ProductList', totalItems: items.length, items } };
    }
    if (name === 'SetCollectionProducts') {
      sent.push(variables);
      return { setCollectionProducts: shelf('c1', 'Kitchen', 0, [bushcraft, chef]) };
    }
    return undefined;
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Knives in Kitchen' }));
  const dialog = screen.getByRole('dialog', { name: 'Knives in Kitchen' });
  await userEvent.type(within(dialog).getByLabelText('Add a knife'), 'bush');
  await userEvent.click(await screen.findByRole('option', { name: 'Bushcraft Knife' }));
  const list = within(dialog).getByRole('list', { name: 'Knives in Kitchen, in shelf order' });
  expect(
    within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['Chef Knife', 'Santoku', 'Bushcraft Knife']);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Move Bushcraft Knife up' }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Move Bushcraft Knife up' }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Take Santoku off' }));
  expect(
    within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['Bushcraft Knife', 'Chef Knife']);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save knives' }));
  await waitFor(() => expect(sent).toEqual([{ id: 'c1', productIds: ['p3', 'p1'] }]));
  expect(await screen.findByText('Kitchen: 2 knives saved')).toBeInTheDocument();
});

test('Delete asks first, says the knives stay, and the collection leaves the list', async () => {
  show((name) => {
    if (name === 'AdminCollections') return { collections: [shelf('c1', 'Kitchen', 0), shelf('c2', 'Outdoor', 1)] };
    if (name === 'DeleteCollection') return { deleteCollection: true };
    return undefined;
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Delete Outdoor' }));
  const confirm = screen.getByRole('dialog', { name: 'Delete the Outdoor collection?' });
  expect(within(confirm).getByText('Its knives stay in the catalogue; its page goes.')).toBeInTheDocument();
  await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(names()).toEqual(['Kitchen']));
});
