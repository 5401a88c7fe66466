import { Container, Grid } from '@mui/material';
import ReviewGrid from '../../components/ReviewGrid';
import ContactForm from '../../components/ContactForm';
import LazyVideo from './LazyVideo';
import SectionTitle from './SectionTitle';
import ShowcaseSection from './ShowcaseSection';

const videos = [
  { title: 'Hand engraving a knife blade', src: 'https://www.youtube-nocookie.com/embed/7VjzB1qkEhI' },
  { title: 'Forging and finishing a chef knife', src: 'https://www.youtube-nocookie.com/embed/4Zr6p0xZIqQ' },
];

export default function HomeBelowFold() {
  return (
    <>
      <ShowcaseSection label="Reviews" title="What Our Customers Say" more={{ to: '/reviews', label: 'Show More Reviews' }}>
        <ReviewGrid take={3} />
      </ShowcaseSection>

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
