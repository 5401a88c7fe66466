import { Breadcrumbs, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';

/** Home / Products / the page's own name: the trail of a public catalogue page (as its BreadcrumbList says). */
export default function StoreBreadcrumbs({ current }: { current: string }) {
  return (
    <Breadcrumbs aria-label="You are here" sx={{ mb: 2 }}>
      <Link component={RouterLink} to="/" color="inherit">
        Home
      </Link>
      <Link component={RouterLink} to="/products" color="inherit">
        Products
      </Link>
      <Typography color="text.primary" aria-current="page">
        {current}
      </Typography>
    </Breadcrumbs>
  );
}
