import { Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';

/** What the cart and checkout say when the cart has no line. */
export default function EmptyCart() {
  return (
    <Typography sx={{ textAlign: 'center' }}>
      Your cart is empty.{' '}
      <Link component={RouterLink} to="/products">
        Browse the products
      </Link>
    </Typography>
  );
}
