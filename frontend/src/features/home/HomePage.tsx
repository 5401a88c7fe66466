import { Box, Button, Container, Grid, Paper, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import ProductGrid from '../catalog/ProductGrid';
import ReviewGrid from '../reviews/ReviewGrid';
import ContactForm from './ContactForm';
import LazyVideo from './LazyVideo';

const stats = [
  { value: '9.7K', label: 'sales' },
  { value: '1.5M', label: 'page views' },
  { value: '26%', label: 'growth' },
];

const videos = [
  { title: 'Hand engraving a knife blade', src: 'https://www.youtube-nocookie.com/embed/7VjzB1qkEhI' },
  { title: 'Forging and finishing a chef knife', src: 'https://www.youtube-nocookie.com/embed/4Zr6p0xZIqQ' },
];

function SectionTitle({ children }: { children: string }) {
  return (
    <Typography variant="h4" component="h2" sx={{ color: 'primary.main', textAlign: 'center', my: 4 }}>
      {children}
    </Typography>
  );
}

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

      <Container component="section" aria-label="Products">
        <SectionTitle>Our Products</SectionTitle>
        <ProductGrid take={6} />
        <Box sx={{ textAlign: 'center', mt: 3 }}>
          <Button variant="outlined" component={RouterLink} to="/products">
            Show More Products
          </Button>
        </Box>
      </Container>

      <Container component="section" aria-label="Our numbers" sx={{ my: 6 }}>
        <Paper sx={{ p: 3 }}>
          <Grid container spacing={2} sx={{ textAlign: 'center' }}>
            {stats.map((stat) => (
              <Grid key={stat.label} size={{ xs: 12, sm: 4 }}>
                <Typography variant="h3" component="p" sx={{ color: 'primary.main', fontWeight: 700 }}>
                  {stat.value}
                </Typography>
                <Typography sx={{ textTransform: 'capitalize' }}>{stat.label}</Typography>
              </Grid>
            ))}
          </Grid>
        </Paper>
      </Container>

      <Container component="section" aria-label="Reviews">
        <SectionTitle>What Our Customers Say</SectionTitle>
        <ReviewGrid take={3} />
        <Box sx={{ textAlign: 'center', mt: 3 }}>
          <Button variant="outlined" component={RouterLink} to="/reviews">
            Show More Reviews
          </Button>
        </Box>
      </Container>

      <Container component="section" aria-label="Videos">
        <SectionTitle>See The Craft</SectionTitle>
        <Grid container spacing={3}>
          {videos.map((video) => (
            <Grid key={video.src} size={{ xs: 12, md: 6 }}>
              <LazyVideo {...video} />
            </Grid>
          ))}
        </Grid>
      </Container>

      <Container component="section" sx={{ my: 6 }}>
        <ContactForm />
      </Container>
    </>
  );
}
