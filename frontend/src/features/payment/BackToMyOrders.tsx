import { Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';

/** Where a payment page leaves to once there is nothing more to pay or wait for. */
export default function BackToMyOrders() {
  return (
    <Typography sx={{ mt: 2 }}>
      <RouterLink to="/dashboard/myOrders">Back to My Orders</RouterLink>
    </Typography>
  );
}
