import { Box, Container, Link, Typography } from '@mui/material';
import ResponsiveGrid from '../../components/ResponsiveGrid';
import { Link as RouterLink } from 'react-router-dom';

const columns = [
  {
    title: 'Shop',
    links: [
      { to: '/products', label: 'All knives' },
      { to: '/reviews', label: 'Reviews' },
      { to: '/dashboard', label: 'My account' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/myPortfolio', label: 'Portfolio' },
      { to: '/blogs', label: 'Blogs' },
      { to: '/contactus', label: 'Contact Us' },
    ],
  },
  {
    title: 'Help',
    links: [
      { to: '/login', label: 'Login' },
      { to: '/signup', label: 'Sign Up' },
      { to: '/graphql', label: 'GraphQL API', external: true },
    ],
  },
];

export default function Footer() {
  return (
    <Box component="footer" sx={{ bgcolor: '#101316', borderTop: 1, borderColor: 'divider', mt: 6, py: 4 }}>
      <Container>
        <ResponsiveGrid>
          {columns.map((column) => (
            <Box key={column.title}>
              <Typography variant="subtitle1" component="h2" sx={{ color: 'primary.main', mb: 1 }}>
                {column.title}
              </Typography>
              {column.links.map((link) =>
                'external' in link ? (
                  <Link key={link.to} href={link.to} color="text.secondary" sx={{ display: 'block', py: 0.25 }}>
                    {link.label}
                  </Link>
                ) : (
                  <Link key={link.to} component={RouterLink} to={link.to} color="text.secondary" sx={{ display: 'block', py: 0.25 }}>
                    {link.label}
                  </Link>
                ),
              )}
            </Box>
          ))}
        </ResponsiveGrid>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
          Copyright © {new Date().getFullYear()} Keen. Engraved knives and blades.
        </Typography>
      </Container>
    </Box>
  );
}
