import { expect, test } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { reviewFixture } from '../../test/fixtures';
import { holdingClient, submitTwiceWhileHeld } from '../../test/holdingClient';
import { renderPage } from '../../test/render';
import AddReviewPage from './AddReviewPage';

const review = reviewFixture();

test('Add Review shows progress while the review is sent; a second click or double submit sends nothing more', async () => {
  const { client, sent, release } = holdingClient(['AddReview'], () => ({ addReview: review }));
  renderPage(<AddReviewPage />, { path: '/dashboard/review', route: '/dashboard/review', client });
  fireEvent.change(screen.getByLabelText(/^Give Ratings/), { target: { value: '5' } });
  fireEvent.change(screen.getByLabelText(/^Description/), { target: { value: 'Razor sharp' } });
  const button = screen.getByRole('button', { name: 'Add Review' });
  const form = button.closest('form')!;

  await submitTwiceWhileHeld(form, button, sent);

  act(() => release());
  expect(await screen.findByText('Review have been added')).toBeInTheDocument();
  expect(sent).toEqual(['AddReview']);
  await waitFor(() => expect(button).toBeEnabled());
  expect(within(button).queryByRole('progressbar')).toBeNull();
});
