import { Avatar, Card, CardContent, Rating, Stack, Typography } from '@mui/material';
import type { ReviewsQuery } from '../gql/graphql';

export type ReviewItem = ReviewsQuery['reviews']['items'][number];

export default function ReviewCard({ review }: { review: ReviewItem }) {
  return (
    <Card component="article" sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
          <Avatar src={review.img ?? undefined} alt={review.userName} slotProps={{ img: { loading: 'lazy', width: 40, height: 40 } }}>
            {review.userName.slice(0, 1)}
          </Avatar>
          <div>
            <Typography variant="subtitle1" component="h3">
              {review.userName}
            </Typography>
            <Rating value={review.star} readOnly size="small" aria-label={`${review.star} out of 5 stars`} />
          </div>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {review.description}
        </Typography>
      </CardContent>
    </Card>
  );
}
