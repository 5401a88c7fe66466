import type { ReactNode } from 'react';
import { Box, CircularProgress, Typography } from '@mui/material';
import { errorMessage } from '../lib/errors';

/*
 * What a page shows while its data is not there: the spinner, and QueryState around a query's
 * content. One module on purpose: split in two, the bundler gave the spinner a first-load chunk
 * of its own (0.3 KB more for the home page).
 */

export default function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Box role="status" sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', py: 8 }}>
      <CircularProgress color="primary" aria-label={label} />
    </Box>
  );
}

interface QueryStateProps {
  /** The query's state; once it has an answer, the answer shows (a failed refetch keeps it on screen). */
  query: { data?: unknown; loading: boolean; error?: unknown };
  /** Shown instead of the children when set: the answer has no rows. */
  empty?: string | false;
  children: ReactNode;
}

/** A query's first load (the spinner), its failure (the message) or its empty answer; otherwise the children. */
export function QueryState({ query: { data, loading, error }, empty, children }: QueryStateProps) {
  if (loading && !data) return <Spinner />;
  if (error && !data)
    return (
      <Typography color="error" role="alert">
        {errorMessage(error)}
      </Typography>
    );
  if (empty) return <Typography sx={{ textAlign: 'center' }}>{empty}</Typography>;
  return children;
}
