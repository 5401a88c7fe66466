import { Suspense } from 'react';
import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { lazyWithApollo } from '../../lib/lazyApollo';

// The hero is all the first paint draws. The sections below it (products, numbers, reviews,
// videos, contact) render after it, with Apollo Client; until then their room is kept, so the
// footer stays below the fold instead of showing under the hero and jumping away.
const HomeSections = lazyWithApollo(() => import('./HomeSections'));

export default function HomePage() {
  return (
    <>
      <Box
        component="section"
        aria-labelledby="hero-heading"
        sx={{
          py: { xs: 8, md: 14 },
          px: 2,
          textAlign: 'center',
          background: 'linear-gradient(135deg, #2a3038 0%, #15181c 55%, #3b2f1c 100%)',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Typography id="hero-heading" variant="h2" component="h1" sx={{ fontSize: { xs: '2.1rem', md: '3.6rem' }, fontWeight: 700, mb: 2 }}>
          We engrave any knife you love
        </Typography>
        <Typography sx={{ color: 'text.secondary', maxWidth: 640, mx: 'auto', mb: 4 }}>
          Names, dates, crests or patterns, cut by hand into chef knives, pocket knives, hunting blades and daggers.
        </Typography>
        <Button variant="contained" size="large" component={RouterLink} to="/products">
          Get Started
        </Button>
      </Box>

      <Suspense fallback={<Box sx={{ minHeight: '100vh' }} />}>
        <HomeSections />
      </Suspense>
    </>
  );
}
