import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { WEBHOOK_EVENTS } from '@keen/rules';
import {
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Paper,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import ConfirmDialog from '../../components/ConfirmDialog';
import QueryState from '../../components/QueryState';
import { graphql } from '../../gql';
import { errorMessage } from '../../lib/errors';
import SecretOnceDialog from './SecretOnceDialog';

export const WebhookEndpointsQuery = graphql(`
  query WebhookEndpoints {
    webhookEndpoints {
      id
      url
      events
      enabled
      createdAt
    }
  }
`);

export const CreateWebhookEndpointMutation = graphql(`
  mutation CreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {
    createWebhookEndpoint(input: $input) {
      secret
      endpoint {
        id
        url
        events
        enabled
        createdAt
      }
    }
  }
`);

export const UpdateWebhookEndpointMutation = graphql(`
  mutation UpdateWebhookEndpoint($id: ID!, $input: UpdateWebhookEndpointInput!) {
    updateWebhookEndpoint(id: $id, input: $input) {
      id
      enabled
      events
      url
    }
  }
`);

export const DeleteWebhookEndpointMutation = graphql(`
  mutation DeleteWebhookEndpoint($id: ID!) {
    deleteWebhookEndpoint(id: $id)
  }
`);

export const WebhookDeliveriesQuery = graphql(`
  query WebhookDeliveries($endpointId: ID!) {
    webhookDeliveries(endpointId: $endpointId) {
      id
      event
      status
      attempts
      statusCode
      durationMs
      error
      nextRetryAt
      deliveredAt
      createdAt
    }
  }
`);

export const ResendWebhookDeliveryMutation = graphql(`
  mutation ResendWebhookDelivery($id: ID!) {
    resendWebhookDelivery(id: $id) {
      id
      status
      attempts
      statusCode
      durationMs
      error
      nextRetryAt
      deliveredAt
    }
  }
`);

const when = (value: string | null | undefined) => (value ? new Date(value).toLocaleString() : '');

/** An endpoint's delivery log, newest first, with Resend. */
function DeliveriesDialog({ endpoint, onClose }: { endpoint: { id: string; url: string } | null; onClose: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const query = useQuery(WebhookDeliveriesQuery, {
    variables: { endpointId: endpoint?.id ?? '' },
    skip: !endpoint,
    fetchPolicy: 'cache-and-network',
  });
  const [resend] = useMutation(ResendWebhookDeliveryMutation);
  const deliveries = query.data?.webhookDeliveries ?? [];

  async function again(id: string) {
    try {
      await resend({ variables: { id } });
      enqueueSnackbar('Sent again', { variant: 'success' });
    } catch (failure) {
      enqueueSnackbar(errorMessage(failure), { variant: 'error' });
    }
  }

  return (
    <Dialog open={endpoint !== null} onClose={onClose} aria-labelledby="deliveries-title" fullWidth maxWidth="lg">
      <DialogTitle id="deliveries-title">Deliveries to {endpoint?.url}</DialogTitle>
      <DialogContent>
        <QueryState query={query} empty={deliveries.length === 0 && 'Nothing sent yet.'}>
          <TableContainer>
            <Table size="small" aria-label="Deliveries">
              <TableHead>
                <TableRow>
                  <TableCell>Event</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell align="right">Attempts</TableCell>
                  <TableCell align="right">Answer</TableCell>
                  <TableCell align="right">Time</TableCell>
                  <TableCell>Next retry</TableCell>
                  <TableCell>Delivered</TableCell>
                  <TableCell>Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {deliveries.map((delivery) => (
                  <TableRow key={delivery.id}>
                    <TableCell>{delivery.event}</TableCell>
                    <TableCell title={delivery.error ?? undefined}>{delivery.status}</TableCell>
                    <TableCell align="right">{delivery.attempts}</TableCell>
                    <TableCell align="right">{delivery.statusCode ?? delivery.error ?? ''}</TableCell>
                    <TableCell align="right">
                      {delivery.durationMs !== null && delivery.durationMs !== undefined ? `${delivery.durationMs} ms` : ''}
                    </TableCell>
                    <TableCell>{when(delivery.nextRetryAt)}</TableCell>
                    <TableCell>{when(delivery.deliveredAt)}</TableCell>
                    <TableCell>
                      <Button size="small" variant="outlined" onClick={() => again(delivery.id)} aria-label={`Resend ${delivery.event}`}>
                        Resend
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </QueryState>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** /dashboard/webhooks: URLs that receive signed POSTs of the shop's events, and their delivery logs. */
export default function WebhooksPage() {
  const { enqueueSnackbar } = useSnackbar();
  const query = useQuery(WebhookEndpointsQuery, { fetchPolicy: 'cache-and-network' });
  const [createEndpoint, creation] = useMutation(CreateWebhookEndpointMutation, {
    update: (cache, { data }) =>
      data &&
      cache.updateQuery({ query: WebhookEndpointsQuery }, (list) =>
        list ? { webhookEndpoints: [data.createWebhookEndpoint.endpoint, ...list.webhookEndpoints] } : list,
      ),
  });
  const [updateEndpoint] = useMutation(UpdateWebhookEndpointMutation);
  const [deleteEndpoint, deletion] = useMutation(DeleteWebhookEndpointMutation, {
    update: (cache, { data }) => {
      if (!data) return;
      cache.evict({ id: cache.identify({ __typename: 'WebhookEndpoint', id: data.deleteWebhookEndpoint }) });
      cache.gc();
    },
  });
  const [adding, setAdding] = useState(false);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<{ id: string; url: string } | null>(null);
  const [viewing, setViewing] = useState<{ id: string; url: string } | null>(null);
  const endpoints = query.data?.webhookEndpoints ?? [];

  function toggle(event: string) {
    setEvents((chosen) => (chosen.includes(event) ? chosen.filter((e) => e !== event) : [...chosen, event]));
  }

  async function add() {
    if (!url.trim()) return setProblem('URL is Required');
    if (events.length === 0) return setProblem('Choose at least one event');
    try {
      const { data } = await createEndpoint({ variables: { input: { url: url.trim(), events } } });
      setAdding(false);
      setUrl('');
      setEvents([]);
      setProblem(null);
      setSecret(data?.createWebhookEndpoint.secret ?? null);
    } catch (failure) {
      setProblem(errorMessage(failure));
    }
  }

  async function setEnabled(id: string, enabled: boolean) {
    try {
      await updateEndpoint({ variables: { id, input: { enabled } } });
    } catch (failure) {
      enqueueSnackbar(errorMessage(failure), { variant: 'error' });
    }
  }

  async function remove() {
    if (!deleting) return;
    try {
      await deleteEndpoint({ variables: { id: deleting.id } });
      enqueueSnackbar('Endpoint deleted', { variant: 'success' });
    } catch (failure) {
      enqueueSnackbar(errorMessage(failure), { variant: 'error' });
    } finally {
      setDeleting(null);
    }
  }

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
        <Typography variant="h5" component="h1">
          Webhooks
        </Typography>
        <Button variant="contained" onClick={() => setAdding(true)}>
          Add endpoint
        </Button>
      </Stack>
      <Typography color="text.secondary">
        Each event is POSTed as JSON with a <code>Keen-Signature</code> header, and retried with backoff for 24 hours until a 2xx answer.
      </Typography>
      <QueryState query={query} empty={endpoints.length === 0 && 'No endpoints yet.'}>
        <TableContainer component={Paper}>
          <Table size="small" aria-label="Webhook endpoints">
            <TableHead>
              <TableRow>
                <TableCell>URL</TableCell>
                <TableCell>Events</TableCell>
                <TableCell>Enabled</TableCell>
                <TableCell>Created</TableCell>
                <TableCell>Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {endpoints.map((endpoint) => (
                <TableRow key={endpoint.id}>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{endpoint.url}</TableCell>
                  <TableCell>
                    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                      {endpoint.events.map((event) => (
                        <Chip key={event} label={event} size="small" />
                      ))}
                    </Stack>
                  </TableCell>
                  <TableCell>
                    <Switch
                      checked={endpoint.enabled}
                      onChange={(event) => setEnabled(endpoint.id, event.target.checked)}
                      slotProps={{ input: { 'aria-label': `Send events to ${endpoint.url}` } }}
                    />
                  </TableCell>
                  <TableCell>{when(endpoint.createdAt)}</TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1}>
                      <Button size="small" variant="outlined" onClick={() => setViewing({ id: endpoint.id, url: endpoint.url })}>
                        Deliveries
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        variant="outlined"
                        onClick={() => setDeleting({ id: endpoint.id, url: endpoint.url })}
                        aria-label={`Delete the endpoint ${endpoint.url}`}
                      >
                        Delete
                      </Button>
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </QueryState>

      <Dialog open={adding} onClose={() => setAdding(false)} aria-labelledby="add-endpoint-title" fullWidth maxWidth="sm">
        <DialogTitle id="add-endpoint-title">Add endpoint</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label="URL"
              type="url"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              required
              fullWidth
              autoFocus
              placeholder="https://example.com/keen-webhooks"
            />
            <FormControl component="fieldset" error={problem !== null}>
              <FormLabel component="legend">Events</FormLabel>
              <FormGroup>
                {WEBHOOK_EVENTS.map((event) => (
                  <FormControlLabel
                    key={event}
                    control={<Checkbox checked={events.includes(event)} onChange={() => toggle(event)} />}
                    label={event}
                  />
                ))}
              </FormGroup>
              {problem && <FormHelperText role="alert">{problem}</FormHelperText>}
            </FormControl>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={add} disabled={creation.loading}>
            Add
          </Button>
          <Button onClick={() => setAdding(false)}>Cancel</Button>
        </DialogActions>
      </Dialog>

      <SecretOnceDialog title="The endpoint's signing secret" secret={secret} onClose={() => setSecret(null)} />
      <DeliveriesDialog endpoint={viewing} onClose={() => setViewing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this endpoint?"
        busy={deletion.loading}
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      >
        {deleting?.url} receives nothing more, and its delivery log is deleted.
      </ConfirmDialog>
    </Stack>
  );
}
