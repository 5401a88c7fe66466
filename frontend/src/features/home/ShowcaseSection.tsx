import type { ReactNode } from 'react';
import { Box, Button, Container } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import SectionTitle from './SectionTitle';

/** A home page section: a title, a few items and a link to all of them. */
export default function ShowcaseSection({
  label,
  title,
  more,
  children,
}: {
  label: string;
  title: string;
  more: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <Container component="section" aria-label={label}>
      <SectionTitle>{title}</SectionTitle>
      {children}
      <Box sx={{ textAlign: 'center', mt: 3 }}>
        <Button variant="outlined" component={RouterLink} to={more.to}>
          {more.label}
        </Button>
      </Box>
    </Container>
  );
}
