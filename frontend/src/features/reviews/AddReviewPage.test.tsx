import { expect, test } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { cacheWithEmptyList, reviewFixture } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import AddReviewPage from './AddReviewPage';
import { AddReviewMutation, ReviewsQuery } from '../../operations/reviews';

const review = reviewFixture();

test('labels: Give Ratings (1 to 5), Description textarea, Add Review', () => {
  renderPage(<AddReviewPage />, { path: '/dashboard/review', route: '/dashboard/review' });
  const star = screen.getByLabelText(/^Give Ratings/);
  expect(star).toHaveAttribute('type', 'number');
  expect(star).toHaveAttribute('min', '1');
  expect(star).toHaveAttribute('max', '5');
  expect(screen.getByLabelText(/^Description/).tagName).toBe('TEXTAREA');
  expect(screen.getByRole('button', { name: 'Add Review' })).toBeInTheDocument();
});

test('empty rating reads "Product Name is Required" (sic), empty description "Product Description is Required", and the range is 1 to 5', async () => {
  renderPage(<AddReviewPage />, { path: '/dashboard/review', route: '/dashboard/review' });
  fireEvent.click(screen.getByRole('button', { name: 'Add Review' }));
  expect(await screen.findByText('Product Name is Required')).toBeInTheDocument();
  expect(screen.getByText('Product Description is Required')).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText(/^Give Ratings/), { target: { value: '6' } });
  fireEvent.blur(screen.getByLabelText(/^Give Ratings/));
  expect(await screen.findByText('Ratings must be at most 5')).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText(/^Give Ratings/), { target: { value: '0' } });
  expect(await screen.findByText('Ratings must be at least 1')).toBeInTheDocument();
});

test('adding a review toasts "Review have been added" and puts it first in the cached reviews', async () => {
  const cache = cacheWithEmptyList(ReviewsQuery, { options: { skip: 0, take: 3 } }, 'reviews', 'ReviewList');
  renderPage(<AddReviewPage />, {
    path: '/dashboard/review',
    route: '/dashboard/review',
    cache,
    mocks: [
      {
        request: { query: AddReviewMutation, variables: { input: { star: 5, description: 'Razor sharp' } } },
        result: { data: { addReview: review } },
      },
    ],
  });
  fireEvent.change(screen.getByLabelText(/^Give Ratings/), { target: { value: '5' } });
  fireEvent.change(screen.getByLabelText(/^Description/), { target: { value: 'Razor sharp' } });
  fireEvent.click(screen.getByRole('button', { name: 'Add Review' }));
  expect(await screen.findByText('Review have been added')).toBeInTheDocument();
  const cached = cache.readQuery({ query: ReviewsQuery, variables: { options: { skip: 0, take: 3 } } });
  expect(cached?.reviews.items.map((item) => item.id)).toEqual(['r9']);
});
