import { Button, Stack, Typography } from '@mui/material';

/** A dashboard page's title and its main action (Add collection, Add discount code, Issue gift card), side by side on a wide screen. */
export default function AdminPageHeader({ title, action, onAction }: { title: string; action: string; onAction: () => void }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <Button variant="contained" onClick={onAction}>
        {action}
      </Button>
    </Stack>
  );
}
