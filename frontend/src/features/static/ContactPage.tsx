import { Container, Typography } from '@mui/material';
import ContactForm from '../../components/ContactForm';

export default function ContactPage() {
  return (
    <Container sx={{ py: 4 }}>
      <Typography sx={{ textAlign: 'center', color: 'text.secondary', mb: 3 }}>
        Questions about an engraving, an order or a blade? Write to us.
      </Typography>
      <ContactForm headingLevel="h1" />
    </Container>
  );
}
