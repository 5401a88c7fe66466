import { Suspense } from 'react';
import { Box, Button, Container, Paper, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import ResponsiveGrid from '../../components/ResponsiveGrid';
import Spinner from '../../components/Spinner';
import { lazyWithApollo } from '../../lib/lazyApollo';
import ShowcaseSection from './ShowcaseSection';

// The hero paints first; the products (with Apollo Client), and the reviews, videos and contact
// form below the fold, load after it.
const ProductGrid = lazyWithApollo(() => import('../../components/ProductGrid'));
const HomeBelowFold = lazyWithApollo(() => import('./HomeBelowFold'));

const stats = [
  { value: '9.7K', label: 'sales' },
  { value: '1.5M', label: 'page views' },
  { value: '26%', label: 'growth' },
];

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

      <ShowcaseSection label="Products" title="Our Products" more={{ to: '/products', label: 'Show More Products' }}>
        <ProductGrid take={6} />
      </ShowcaseSection>

      <Container component="section" aria-label="Our numbers" sx={{ my: 6 }}>
        <Paper sx={{ p: 3 }}>
          <ResponsiveGrid gap={2}>
            {stats.map((stat) => (
              <Box key={stat.label} sx={{ textAlign: 'center' }}>
                <Typography variant="h3" component="p" sx={{ color: 'primary.main', fontWeight: 700 }}>
                  {stat.value}
                </Typography>
                <Typography sx={{ textTransform: 'capitalize' }}>{stat.label}</Typography>
              </Box>
            ))}
          </ResponsiveGrid>
        </Paper>
      </Container>

      <Suspense fallback={<Spinner />}>
        <HomeBelowFold />
      </Suspense>
    </>
  );
}
