import { Typography } from '@mui/material';
import type { FreshProduct } from './useFreshProducts';

/** When a cart line's product ships, as an order placed now would be promised: "Ships between 12 and 26 January". */
export default function LineShipWindow({ product }: { product: FreshProduct | null | undefined }) {
  return product ? (
    <Typography variant="body2" color="text.secondary">
      {product.leadTime.shipWindow.text}
    </Typography>
  ) : null;
}
