import { Grid } from '@mui/material';
import { useQuery } from '@apollo/client/react';
import QueryState from './QueryState';
import { ReviewsQuery } from '../graphql/reviews';
import ReviewCard from './ReviewCard';

/** The newest `take` reviews. */
export default function ReviewGrid({ take }: { take: number }) {
  const query = useQuery(ReviewsQuery, { variables: { options: { skip: 0, take } } });
  const items = query.data?.reviews.items ?? [];
  return (
    <QueryState query={query} empty={items.length === 0 && 'No reviews yet.'}>
      <Grid container spacing={3}>
        {items.map((review) => (
          <Grid key={review.id} size={{ xs: 12, sm: 6, md: 4 }}>
            <ReviewCard review={review} />
          </Grid>
        ))}
      </Grid>
    </QueryState>
  );
}
