import { Suspense } from 'react';
import { Box, Container, Paper, Typography } from '@mui/material';
import ProductGrid from '../../components/ProductGrid';
import ResponsiveGrid from '../../components/ResponsiveGrid';
import Spinner from '../../components/Spinner';
import { lazyWithApollo } from '../../lib/lazyApollo';
import ShowcaseSection from './ShowcaseSection';

// Reviews, videos and the contact form sit below the fold: their code loads after the products'.
const HomeBelowFold = lazyWithApollo(() => import('./HomeBelowFold'));

const stats = [
  { value: '9.7K', label: 'sales' },
  { value: '1.5M', label: 'page views' },
  { value: '26%', label: 'growth' },
];

/** The home page below the hero. */
export default function HomeSections() {
  return (
    <>
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
