import { Container } from '@mui/material';
import PageHeading from '../../components/PageHeading';
import ReviewGrid from '../../components/ReviewGrid';

export default function ReviewsPage() {
  return (
    <Container sx={{ pb: 4 }}>
      <PageHeading>Reviews</PageHeading>
      <ReviewGrid take={100} />
    </Container>
  );
}
