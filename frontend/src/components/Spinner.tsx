import { Box, CircularProgress } from '@mui/material';

/** What a page shows while its data is not there. */
export default function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Box role="status" sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', py: 8 }}>
      <CircularProgress color="primary" aria-label={label} />
    </Box>
  );
}
