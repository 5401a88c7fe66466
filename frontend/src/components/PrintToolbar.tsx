import PrintIcon from '@mui/icons-material/Print';
import { Button, Stack } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';

/**
 * A printable sheet's Print and "Back to All Orders" (hidden on paper). The sheet is black on white
 * whatever the theme, so the link is drawn in black too: the theme's gold fails contrast on white.
 */
export default function PrintToolbar({ disabled = false }: { disabled?: boolean }) {
  return (
    <Stack direction="row" spacing={2} className="no-print" sx={{ mb: 3 }}>
      <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()} disabled={disabled}>
        Print
      </Button>
      <Button component={RouterLink} to="/dashboard/allOrders" sx={{ color: '#000', textDecoration: 'underline' }}>
        Back to All Orders
      </Button>
    </Stack>
  );
}
