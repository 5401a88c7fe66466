import { useState } from 'react';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';

/** SPEC: name, address and message; like the old shop it sends nothing. Its heading is the page's h1 on /contactus. */
export default function ContactForm({ headingLevel = 'h2' }: { headingLevel?: 'h1' | 'h2' }) {
  const [sent, setSent] = useState(false);
  return (
    <Box
      component="form"
      aria-labelledby="contact-us-heading"
      onSubmit={(event) => {
        event.preventDefault();
        setSent(true);
        event.currentTarget.reset();
      }}
      sx={{ maxWidth: 560, mx: 'auto' }}
    >
      <Typography id="contact-us-heading" variant="h4" component={headingLevel} sx={{ color: 'primary.main', textAlign: 'center', mb: 2 }}>
        Contact Us
      </Typography>
      <Stack spacing={2}>
        <TextField label="Name" name="name" fullWidth />
        <TextField label="Address" name="address" fullWidth />
        <TextField label="Message" name="message" multiline minRows={4} fullWidth />
        <Button type="submit" variant="contained">
          Submit
        </Button>
        {sent && <Alert severity="success">Thank you for your message.</Alert>}
      </Stack>
    </Box>
  );
}
