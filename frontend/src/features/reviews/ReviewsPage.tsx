import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { Button, Container, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import ConfirmDialog from '../../components/ConfirmDialog';
import PageHeading from '../../components/PageHeading';
import type { ReviewItem } from '../../components/ReviewCard';
import ReviewGrid from '../../components/ReviewGrid';
import { errorMessage } from '../../lib/errors';
import { removeFromLists } from '../../lib/listCache';
import { useMe } from '../../lib/useMe';
import { RemoveReviewMutation } from './operations';

/** Every review; an admin may remove one, after confirming. */
export default function ReviewsPage() {
  const { isAdmin } = useMe();
  const { enqueueSnackbar } = useSnackbar();
  const [toRemove, setToRemove] = useState<ReviewItem | null>(null);
  const [removeReview, { loading }] = useMutation(RemoveReviewMutation);

  async function confirm() {
    if (!toRemove) return;
    const { id } = toRemove;
    try {
      // Gone from every cached list (the home page's newest reviews too), not only this page.
      await removeReview({ variables: { id }, update: (cache) => removeFromLists(cache, ['reviews'], { __typename: 'Review', id }) });
      enqueueSnackbar('Review removed', { variant: 'success' });
      setToRemove(null);
    } catch (failure) {
      enqueueSnackbar(errorMessage(failure), { variant: 'error' });
    }
  }

  return (
    <Container sx={{ pb: 4 }}>
      <PageHeading>Reviews</PageHeading>
      <ReviewGrid
        take={100}
        actionsFor={
          isAdmin
            ? (review) => (
                <Button
                  color="error"
                  size="small"
                  onClick={() => setToRemove(review)}
                  aria-label={`Remove the review by ${review.userName}`}
                >
                  Remove
                </Button>
              )
            : undefined
        }
      />
      <ConfirmDialog
        open={toRemove !== null}
        title="Remove this review?"
        confirmLabel="Remove"
        busy={loading}
        onConfirm={confirm}
        onCancel={() => setToRemove(null)}
      >
        {toRemove && (
          <Typography>
            {toRemove.userName}: “{toRemove.description}”
          </Typography>
        )}
      </ConfirmDialog>
    </Container>
  );
}
