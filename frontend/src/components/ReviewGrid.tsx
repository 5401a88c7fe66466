import type { ReactNode } from 'react';
import { Grid } from '@mui/material';
import { useQuery } from '@apollo/client/react';
import QueryState from './QueryState';
import { ReviewsQuery } from '../operations/reviews';
import ReviewCard, { type ReviewItem } from './ReviewCard';

/** The newest `take` reviews (of one knife, with `productId`), each with the `actionsFor` it (an admin's Remove). */
export default function ReviewGrid({
  take,
  productId,
  actionsFor,
}: {
  take: number;
  productId?: string;
  actionsFor?: (review: ReviewItem) => ReactNode;
}) {
  const query = useQuery(ReviewsQuery, { variables: { options: { skip: 0, take, ...(productId && { productId }) } } });
  const items = query.data?.reviews.items ?? [];
  return (
    <QueryState query={query} empty={items.length === 0 && (productId ? 'No reviews of this knife yet.' : 'No reviews yet.')}>
      <Grid container spacing={3}>
        {items.map((review) => (
          <Grid key={review.id} size={{ xs: 12, sm: 6, md: 4 }}>
            <ReviewCard review={review} actions={actionsFor?.(review)} />
          </Grid>
        ))}
      </Grid>
    </QueryState>
  );
}
