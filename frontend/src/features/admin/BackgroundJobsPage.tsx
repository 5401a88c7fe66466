import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Chip, Stack, TableCell, TableRow, Typography } from '@mui/material';
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

export const ScheduledJobsQuery = graphql(`
  query ScheduledJobs {
    scheduledJobs {
      name
      periodSeconds
      lastSuccessAt
      lastFailureAt
      lastError
      consecutiveFailures
      nextRunAt
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

/** "every 60 s", "every 60 min", "every 24 h". */
function period(seconds: number): string {
  if (seconds % 3600 === 0 && seconds >= 3600) return `every ${seconds / 3600} h`;
  if (seconds % 60 === 0 && seconds >= 60) return `every ${seconds / 60} min`;
  return `every ${seconds} s`;
}

/** The recurring jobs (hold expiry, upload clean-up, event relay and pruning): their last success and, while failing, their error. */
function ScheduledJobs() {
  const query = useQuery(ScheduledJobsQuery, { fetchPolicy: 'cache-and-network' });
  const jobs = query.data?.scheduledJobs ?? [];
  return (
    <QueryState query={query} empty={jobs.length === 0 && 'No recurring jobs yet.'}>
      <SimpleTable
        label="Recurring jobs"
        onPaper
        columns={['Job', 'Runs', 'Status', 'Last success', 'Last failure', 'Last error', 'Next run']}
      >
        {jobs.map((job) => (
          <TableRow key={job.name}>
            <TableCell>{job.name}</TableCell>
            <TableCell>{period(job.periodSeconds)}</TableCell>
            <TableCell>
              {job.consecutiveFailures > 0 ? (
                <Chip size="small" color="error" label={`Failing (${job.consecutiveFailures} in a row)`} />
              ) : job.lastSuccessAt ? (
                <Chip size="small" color="success" label="OK" />
              ) : (
                <Chip size="small" label="Not run yet" />
              )}
            </TableCell>
            <TableCell>{dateTime(job.lastSuccessAt)}</TableCell>
            <TableCell>{dateTime(job.lastFailureAt)}</TableCell>
            <TableCell sx={{ wordBreak: 'break-word' }}>{job.lastError ?? ''}</TableCell>
            <TableCell>{dateTime(job.nextRunAt)}</TableCell>
          </TableRow>
        ))}
      </SimpleTable>
    </QueryState>
  );
}

/** /dashboard/jobs: the recurring jobs, and background jobs (e-mails, expiry of unpaid holds, event deliveries) that used up their retries. */
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
      <Typography variant="h6" component="h2">
        Recurring jobs
      </Typography>
      <Typography color="text.secondary">A recurring job that fails runs again soon, waiting twice as long after each failure.</Typography>
      <ScheduledJobs />
      <Typography variant="h6" component="h2">
        Failed jobs
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
