import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Stack, TableCell, TableRow, Typography } from '@mui/material';
import QueryState from '../../components/QueryState';
import SimpleTable from '../../components/SimpleTable';
import { graphql } from '../../gql';
import { dateTime } from '../../lib/dates';
import { useNotifiedAction } from '../../lib/useNotifiedAction';

export const FailedJobFieldsFragment = graphql(`
  fragment FailedJobFields on FailedJob {
    id
    queue
    state
    attempts
    lastError
    createdAt
    failedAt
  }
`);

export const FailedJobsQuery = graphql(`
  query FailedJobs {
    failedJobs {
      ...FailedJobFields
    }
  }
`);

export const RetryJobMutation = graphql(`
  mutation RetryJob($id: ID!) {
    retryJob(id: $id) {
      ...FailedJobFields
    }
  }
`);

/** /dashboard/jobs: background jobs (e-mails, expiry of unpaid holds, event deliveries) that used up their retries. */
export default function BackgroundJobsPage() {
  const notified = useNotifiedAction();
  const query = useQuery(FailedJobsQuery, { fetchPolicy: 'cache-and-network' });
  // The answer is the list of failed jobs left: it replaces the cached list, no refetch needed.
  const [retryJob] = useMutation(RetryJobMutation, {
    update: (cache, { data }) => data && cache.writeQuery({ query: FailedJobsQuery, data: { failedJobs: data.retryJob } }),
  });
  const [busy, setBusy] = useState<string | null>(null);
  const jobs = query.data?.failedJobs ?? [];

  async function retry(id: string, queue: string) {
    setBusy(id);
    await notified(() => retryJob({ variables: { id } }), `Job on ${queue} queued again`);
    setBusy(null);
  }

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        Background jobs
      </Typography>
      <Typography color="text.secondary">
        Jobs that failed after every retry. Retry runs one once more; if it fails again it comes back here.
      </Typography>
      <QueryState query={query} empty={jobs.length === 0 && 'No failed jobs: every background job has succeeded or is still retrying.'}>
        <SimpleTable
          label="Failed background jobs"
          onPaper
          columns={['Queue', 'State', { label: 'Attempts', align: 'right' }, 'Last error', 'Failed at', 'Actions']}
        >
          {jobs.map((job) => (
            <TableRow key={job.id}>
              <TableCell>{job.queue}</TableCell>
              <TableCell>{job.state}</TableCell>
              <TableCell align="right">{job.attempts}</TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>{job.lastError ?? ''}</TableCell>
              <TableCell>{dateTime(job.failedAt)}</TableCell>
              <TableCell>
                <Button
                  size="small"
                  variant="outlined"
                  disabled={busy === job.id}
                  onClick={() => retry(job.id, job.queue)}
                  aria-label={`Retry the ${job.queue} job`}
                >
                  Retry
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </SimpleTable>
      </QueryState>
    </Stack>
  );
}
