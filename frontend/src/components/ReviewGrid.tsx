import { Grid, Typography } from '@mui/material';
import { useQuery } from '@apollo/client/react';
import Spinner from './Spinner';
import { errorMessage } from '../lib/errors';
import { ReviewsQuery } from '../graphql/reviews';
import ReviewCard from './ReviewCard';

/** The newest `take` reviews. */
export default function ReviewGrid({ take }: { take: number }) {
  const { data, loading, error } = useQuery(ReviewsQuery, { variables: { options: { skip: 0, take } } });
  if (loading && !data) return <Spinner />;
  if (error && !data)
    return (
      <Typography color="error" role="alert">
        {errorMessage(error)}
      </Typography>
    );
  const items = data?.reviews.items ?? [];
  if (items.length === 0) return <Typography sx={{ textAlign: 'center' }}>No reviews yet.</Typography>;
  return (
    <Grid container spacing={3}>
      {items.map((review) => (
        <Grid key={review.id} size={{ xs: 12, sm: 6, md: 4 }}>
          <ReviewCard review={review} />
        </Grid>
      ))}
    </Grid>
  );
}
