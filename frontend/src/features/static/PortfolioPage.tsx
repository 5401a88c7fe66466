import { Box, Card, CardContent, Container, Grid, LinearProgress, Link, Typography } from '@mui/material';
import PageHeading from '../../components/PageHeading';

const skills = [
  { name: 'HTML & CSS', level: 92 },
  { name: 'JavaScript & TypeScript', level: 88 },
  { name: 'React', level: 85 },
  { name: 'GraphQL & Apollo', level: 78 },
  { name: 'Node.js & Express', level: 75 },
  { name: 'PostgreSQL', level: 68 },
];

const projects = [
  { name: 'Keen: engraved knives shop', href: '/', about: 'This shop: React, Material UI, Apollo Client and a typed GraphQL API.' },
  { name: 'Keen GraphQL API (GraphiQL)', href: '/graphql', about: 'The API behind the shop, explorable in the browser.' },
  { name: 'Keen reviews wall', href: '/reviews', about: 'Customer reviews, served from the same normalized cache.' },
];

export default function PortfolioPage() {
  return (
    <Container sx={{ pb: 4 }}>
      <PageHeading>My Portfolio</PageHeading>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card>
            <CardContent>
              <Typography variant="h5" component="h2" gutterBottom>
                The developer
              </Typography>
              <Typography color="text.secondary" sx={{ mb: 1 }}>
                Full-stack web developer building fast, accessible shops with React and TypeScript.
              </Typography>
              <Typography color="text.secondary">E-mail: developer@keen.test</Typography>
            </CardContent>
          </Card>
          <Card sx={{ mt: 3 }}>
            <CardContent>
              <Typography variant="h5" component="h2" gutterBottom>
                Projects
              </Typography>
              {projects.map((project) => (
                <Box key={project.name} sx={{ mb: 1.5 }}>
                  <Link href={project.href}>{project.name}</Link>
                  <Typography variant="body2" color="text.secondary">
                    {project.about}
                  </Typography>
                </Box>
              ))}
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card>
            <CardContent>
              <Typography variant="h5" component="h2" gutterBottom>
                Skills
              </Typography>
              {skills.map((skill) => (
                <Box key={skill.name} sx={{ mb: 2 }}>
                  <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
                    <Typography id={`skill-${skill.level}-${skill.name.length}`}>{skill.name}</Typography>
                    <Typography color="text.secondary">{skill.level}%</Typography>
                  </Box>
                  <LinearProgress
                    variant="determinate"
                    value={skill.level}
                    aria-labelledby={`skill-${skill.level}-${skill.name.length}`}
                    sx={{ height: 8, borderRadius: 4 }}
                  />
                </Box>
              ))}
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </Container>
  );
}
