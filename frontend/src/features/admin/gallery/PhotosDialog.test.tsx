import { expect, test } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { countingClient, renderPage } from '../../../test/render';
import PhotosDialog from './PhotosDialog';

const photo = (id: string, url: string, alt: string, position: number) => ({ __typename: 'ProductImage', id, url, alt, position });
const product = (images: ReturnType<typeof photo>[]) => ({
  __typename: 'Product',
  id: 'p1',
  name: 'Chef Knife',
  img: images[0].url,
  images,
});
const front = photo('i1', '/images/chef.svg', 'The blade', 0);
const spine = photo('i2', '/uploads/spine.webp', '', 1);

function show(images: ReturnType<typeof photo>[], answer: (name: string, variables: Record<string, unknown>) => unknown) {
  const counting = countingClient((name, variables) => {
    const data = answer(name, variables);
    if (data === undefined) throw new Error(`unexpected ${name}`);
    return data;
  });
  renderPage(<PhotosDialog product={product(images)} onClose={() => undefined} />, { path: '/', route: '/', client: counting.client });
  return counting;
}

test('each photo in order with its alt text (a missing one says so); Move up sends the new order', async () => {
  const sent: unknown[] = [];
  show([front, spine], (name, variables) => {
    if (name !== 'ReorderProductImages') return undefined;
    sent.push(variables);
    return {
      reorderProductImages: product([
        { ...spine, position: 0 },
        { ...front, position: 1 },
      ]),
    };
  });
  const dialog = screen.getByRole('dialog', { name: 'Photos of Chef Knife' });
  expect(within(dialog).getByLabelText('Alt text of photo 1')).toHaveValue('The blade');
  expect(within(dialog).getByLabelText('Alt text of photo 2')).toHaveValue('');
  expect(within(dialog).getByText('No alt text yet')).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Move photo 1 up' })).toBeDisabled();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Move photo 2 up' }));
  await waitFor(() => expect(sent).toEqual([{ productId: 'p1', imageIds: ['i2', 'i1'] }]));
});

test("Save sends a photo's alt text, trimmed; it is off until the text changes", async () => {
  const sent: unknown[] = [];
  show([front, spine], (name, variables) => {
    if (name !== 'SetProductImageAlt') return undefined;
    sent.push(variables);
    return { setProductImageAlt: product([front, { ...spine, alt: 'The engraved spine' }]) };
  });
  const [, second] = screen.getAllByRole('listitem');
  const save = within(second).getByRole('button', { name: 'Save' });
  expect(save).toBeDisabled();
  await userEvent.type(within(second).getByLabelText('Alt text of photo 2'), ' The engraved spine ');
  await userEvent.click(save);
  await waitFor(() => expect(sent).toEqual([{ id: 'i2', alt: 'The engraved spine' }]));
  expect(await screen.findByText('Alt text of photo 2 saved')).toBeInTheDocument();
});

test('Remove asks first, then sends it', async () => {
  const sent: unknown[] = [];
  show([front, spine], (name, variables) => {
    if (name !== 'RemoveProductImage') return undefined;
    sent.push(variables);
    return { removeProductImage: product([front]) };
  });
  await userEvent.click(screen.getByRole('button', { name: 'Remove photo 2' }));
  const confirm = screen.getByRole('dialog', { name: 'Remove this photo?' });
  expect(sent).toEqual([]);
  await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
  await waitFor(() => expect(sent).toEqual([{ id: 'i2' }]));
});

test('a product with one photo cannot lose it', () => {
  show([front], () => undefined);
  expect(screen.getByRole('button', { name: 'Remove photo 1' })).toBeDisabled();
});
