import { Card, CardContent, Typography } from '@mui/material';
import ReviewForm from '../../components/ReviewForm';

/** The SPEC's Add a Review page: a review of the shop. A knife's review is written on its own page. */
export default function AddReviewPage() {
  return (
    <Card sx={{ maxWidth: 560, mx: 'auto' }}>
      <CardContent>
        <Typography variant="h4" component="h1" sx={{ color: 'primary.main', mb: 2 }}>
          Add a Review
        </Typography>
        <ReviewForm />
      </CardContent>
    </Card>
  );
}
