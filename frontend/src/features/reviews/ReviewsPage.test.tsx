import { expect, test } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MeQuery } from '../../operations/me';
import { ReviewsQuery } from '../../operations/reviews';
import { userFixture } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import { RemoveReviewMutation } from './operations';
import ReviewsPage from './ReviewsPage';

const review = (id: string, userName: string, verifiedBuyer: boolean) => ({
  __typename: 'Review',
  id,
  userName,
  name: userName,
  description: `${userName} says it is sharp`,
  img: null,
  star: 5,
  verifiedBuyer,
  createdAt: '2026-11-22T10:00:00.000Z',
});

const reviewsMock = {
  request: { query: ReviewsQuery, variables: { options: { skip: 0, take: 100 } } },
  result: {
    data: { reviews: { __typename: 'ReviewList', totalItems: 2, items: [review('r1', 'Rhea', true), review('r2', 'Sam', false)] } },
  },
};
const meMock = (role: string) => ({ request: { query: MeQuery, variables: {} }, result: { data: { me: userFixture({ role }) } } });

test('"Verified buyer" shows beside the name of a reviewer with a paid order; customers get no Remove button', async () => {
  renderPage(<ReviewsPage />, { path: '/reviews', route: '/reviews', mocks: [reviewsMock, meMock('user')] });
  const rhea = (await screen.findByRole('heading', { name: 'Rhea' })).closest('article')!;
  expect(within(rhea as HTMLElement).getByText('Verified buyer')).toBeInTheDocument();
  const sam = screen.getByRole('heading', { name: 'Sam' }).closest('article')!;
  expect(within(sam as HTMLElement).queryByText('Verified buyer')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
});

test('an admin confirms "Remove this review?" with Remove (or backs out with Cancel), and the review leaves the list', async () => {
  renderPage(<ReviewsPage />, {
    path: '/reviews',
    route: '/reviews',
    mocks: [
      reviewsMock,
      meMock('admin'),
      { request: { query: RemoveReviewMutation, variables: { id: 'r2' } }, result: { data: { removeReview: true } } },
    ],
  });
  fireEvent.click(await screen.findByRole('button', { name: 'Remove the review by Sam' }));
  let dialog = screen.getByRole('dialog', { name: 'Remove this review?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(screen.getByRole('heading', { name: 'Sam' })).toBeInTheDocument();

  fireEvent.click(screen.getByRole('button', { name: 'Remove the review by Sam' }));
  dialog = screen.getByRole('dialog', { name: 'Remove this review?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
  expect(await screen.findByText('Review removed')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(screen.queryByRole('heading', { name: 'Sam' })).not.toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Rhea' })).toBeInTheDocument();
});
