import type { ReactNode } from 'react';
import { Avatar, Card, CardActions, CardContent, Chip, Rating, Stack, Typography } from '@mui/material';
import VerifiedIcon from '@mui/icons-material/Verified';
import type { ReviewsQuery } from '../gql/graphql';

export type ReviewItem = ReviewsQuery['reviews']['items'][number];

/** A review; `actions` (an admin's Remove) go below it. */
export default function ReviewCard({ review, actions }: { review: ReviewItem; actions?: ReactNode }) {
  return (
    <Card component="article" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
          <Avatar src={review.img ?? undefined} alt={review.userName} slotProps={{ img: { loading: 'lazy', width: 40, height: 40 } }}>
            {review.userName.slice(0, 1)}
          </Avatar>
          <div>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="subtitle1" component="h3">
                {review.userName}
              </Typography>
              {review.verifiedBuyer && (
                <Chip icon={<VerifiedIcon />} label="Verified buyer" size="small" color="success" variant="outlined" />
              )}
            </Stack>
            <Rating value={review.star} readOnly size="small" aria-label={`${review.star} out of 5 stars`} />
          </div>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {review.description}
        </Typography>
      </CardContent>
      {actions && <CardActions>{actions}</CardActions>}
    </Card>
  );
}
