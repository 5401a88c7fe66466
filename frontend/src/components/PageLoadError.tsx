import { Typography } from '@mui/material';
import { errorMessage } from '../lib/errors';

interface PageLoadErrorProps {
  /** The page's query failure, if it failed. */
  error: unknown;
  /** What the page says when the query answered nothing: 'Order not found'. */
  missing: string;
}

/** In place of a page whose one record could not be read: the failure's message, or that there is none. */
export default function PageLoadError({ error, missing }: PageLoadErrorProps) {
  return (
    <Typography role="alert" color="error" sx={{ p: 4, textAlign: 'center' }}>
      {error ? errorMessage(error) : missing}
    </Typography>
  );
}
