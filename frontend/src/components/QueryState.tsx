import type { ReactNode } from 'react';
import { Typography } from '@mui/material';
import { errorMessage } from '../lib/errors';
import Spinner from './Spinner';

interface QueryStateProps {
  /** The query's state; once it has an answer, the answer shows (a failed refetch keeps it on screen). */
  query: { data?: unknown; loading: boolean; error?: unknown };
  /** Shown instead of the children when set: the answer has no rows. */
  empty?: string | false;
  children: ReactNode;
}

/** A query's first load (the spinner), its failure (the message) or its empty answer; otherwise the children. */
export default function QueryState({ query: { data, loading, error }, empty, children }: QueryStateProps) {
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
