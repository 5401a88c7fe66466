import { Button, Container, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';

export default function NotFoundPage() {
  return (
    <Container sx={{ py: 10, textAlign: 'center' }}>
      <Typography variant="h2" component="h1" sx={{ color: 'primary.main' }}>
        404
      </Typography>
      <Typography variant="h5" component="p" sx={{ mb: 3 }}>
        Page not found
      </Typography>
      <Button variant="contained" component={RouterLink} to="/">
        Back to Home
      </Button>
    </Container>
  );
}
