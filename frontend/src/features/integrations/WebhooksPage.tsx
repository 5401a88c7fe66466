import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { WEBHOOK_EVENTS } from '@keen/rules';
import { Button, Chip, Dialog, DialogContent, DialogTitle, Stack, Switch, TableCell, TableRow, Typography } from '@mui/material';
import CloseDialogActions from '../../components/CloseDialogActions';
import QueryState from '../../components/QueryState';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import SimpleTable from '../../components/SimpleTable';
import { graphql } from '../../gql';
import { dateTime } from '../../lib/dates';
import { useNotifiedAction } from '../../lib/useNotifiedAction';
import SecretOnceDialog from './SecretOnceDialog';
import TextAndChoicesDialog from './TextAndChoicesDialog';
import DeleteButton from '../../components/DeleteButton';

export const WebhookEndpointFieldsFragment = graphql(`
  fragment WebhookEndpointFields on WebhookEndpoint {
    id
    url
    events
    enabled
    failingSince
    consecutiveFailures
    createdBy
    createdAt
  }
`);

export const WebhookEndpointsQuery = graphql(`
  query WebhookEndpoints {
    webhookEndpoints {
      ...WebhookEndpointFields
    }
  }
`);

export const CreateWebhookEndpointMutation = graphql(`
  mutation CreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {
    createWebhookEndpoint(input: $input) {
      secret
      endpoint {
        ...WebhookEndpointFields
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

export const ResumeWebhookEndpointMutation = graphql(`
  mutation ResumeWebhookEndpoint($id: ID!) {
    resumeWebhookEndpoint(id: $id) {
      ...WebhookEndpointFields
    }
  }
`);

export const SendTestWebhookMutation = graphql(`
  mutation SendTestWebhook($endpointId: ID!) {
    sendTestWebhook(endpointId: $endpointId) {
      id
      status
      statusCode
      error
    }
  }
`);

export const DeleteWebhookEndpointMutation = graphql(`
  mutation DeleteWebhookEndpoint($id: ID!) {
    deleteWebhookEndpoint(id: $id)
  }
`);

export const WebhookDeliveryFieldsFragment = graphql(`
  fragment WebhookDeliveryFields on WebhookDelivery {
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
`);

export const WebhookDeliveriesQuery = graphql(`
  query WebhookDeliveries($endpointId: ID!) {
    webhookDeliveries(endpointId: $endpointId) {
      ...WebhookDeliveryFields
    }
  }
`);

export const ResendWebhookDeliveryMutation = graphql(`
  mutation ResendWebhookDelivery($id: ID!) {
    resendWebhookDelivery(id: $id) {
      ...WebhookDeliveryFields
    }
  }
`);

/** An endpoint's delivery log, newest first, with Resend. */
function DeliveriesDialog({ endpoint, onClose }: { endpoint: { id: string; url: string } | null; onClose: () => void }) {
  const notified = useNotifiedAction();
  const query = useQuery(WebhookDeliveriesQuery, {
    variables: { endpointId: endpoint?.id ?? '' },
    skip: !endpoint,
    fetchPolicy: 'cache-and-network',
  });
  const [resend] = useMutation(ResendWebhookDeliveryMutation);
  const deliveries = query.data?.webhookDeliveries ?? [];

  return (
    <Dialog open={endpoint !== null} onClose={onClose} aria-labelledby="deliveries-title" fullWidth maxWidth="lg">
      <DialogTitle id="deliveries-title">Deliveries to {endpoint?.url}</DialogTitle>
      <DialogContent>
        <QueryState query={query} empty={deliveries.length === 0 && 'Nothing sent yet.'}>
          <SimpleTable
            label="Deliveries"
            columns={[
              'Event',
              'Status',
              { label: 'Attempts', align: 'right' },
              { label: 'Answer', align: 'right' },
              { label: 'Time', align: 'right' },
              'Next retry',
              'Delivered',
              'Actions',
            ]}
          >
            {deliveries.map((delivery) => (
              <TableRow key={delivery.id}>
                <TableCell>{delivery.event}</TableCell>
                <TableCell>
                  {delivery.status}
                  {delivery.error && (
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block', wordBreak: 'break-word' }}>
                      {delivery.error}
                    </Typography>
                  )}
                </TableCell>
                <TableCell align="right">{delivery.attempts}</TableCell>
                <TableCell align="right">{delivery.statusCode ?? ''}</TableCell>
                <TableCell align="right">
                  {delivery.durationMs !== null && delivery.durationMs !== undefined ? `${delivery.durationMs} ms` : ''}
                </TableCell>
                <TableCell>{dateTime(delivery.nextRetryAt)}</TableCell>
                <TableCell>{dateTime(delivery.deliveredAt)}</TableCell>
                <TableCell>
                  <Button
                    size="small"
                    variant="outlined"
                    onClick={() => notified(() => resend({ variables: { id: delivery.id } }), 'Sent again')}
                    aria-label={`Resend ${delivery.event}`}
                  >
                    Resend
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </SimpleTable>
        </QueryState>
      </DialogContent>
      <CloseDialogActions onClose={onClose} />
    </Dialog>
  );
}

/** Active, Disabled, or Failing: paused after failing too often in a row, until resumed or a test succeeds. */
function EndpointStatus({ endpoint }: { endpoint: { enabled: boolean; failingSince?: string | null; consecutiveFailures: number } }) {
  if (!endpoint.enabled) return <Chip size="small" label="Disabled" />;
  if (endpoint.failingSince)
    return (
      <Chip
        size="small"
        color="error"
        label="Failing"
        title={`Paused ${dateTime(endpoint.failingSince)} after ${endpoint.consecutiveFailures} failed attempts in a row`}
      />
    );
  return <Chip size="small" color="success" label="Active" />;
}

/** /dashboard/webhooks: URLs that receive signed POSTs of the shop's events, and their delivery logs. */
export default function WebhooksPage() {
  const notified = useNotifiedAction();
  const query = useQuery(WebhookEndpointsQuery, { fetchPolicy: 'cache-and-network' });
  const [createEndpoint, creation] = useMutation(CreateWebhookEndpointMutation, {
    update: (cache, { data }) =>
      data &&
      cache.updateQuery({ query: WebhookEndpointsQuery }, (list) =>
        list ? { webhookEndpoints: [data.createWebhookEndpoint.endpoint, ...list.webhookEndpoints] } : list,
      ),
  });
  const [updateEndpoint] = useMutation(UpdateWebhookEndpointMutation);
  const [resumeEndpoint] = useMutation(ResumeWebhookEndpointMutation);
  // A test's outcome may pause or resume the endpoint: the list is read again.
  const [sendTestWebhook] = useMutation(SendTestWebhookMutation, { refetchQueries: [WebhookEndpointsQuery] });
  const [deleteEndpoint, deletion] = useMutation(DeleteWebhookEndpointMutation, {
    update: (cache, { data }) => {
      if (!data) return;
      cache.evict({ id: cache.identify({ __typename: 'WebhookEndpoint', id: data.deleteWebhookEndpoint }) });
      cache.gc();
    },
  });
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [viewing, setViewing] = useState<{ id: string; url: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const deleting = useConfirmedDelete<{ id: string; url: string }>({
    remove: (endpoint) => deleteEndpoint({ variables: { id: endpoint.id } }),
    busy: deletion.loading,
    title: () => 'Delete this endpoint?',
    describe: (endpoint) => `${endpoint.url} receives nothing more, and its delivery log is deleted.`,
    deleted: 'Endpoint deleted',
  });
  const endpoints = query.data?.webhookEndpoints ?? [];

  async function run(id: string, action: () => Promise<unknown>, success: string) {
    setBusy(id);
    await notified(action, success);
    setBusy(null);
  }

  const sendTest = (id: string) =>
    run(
      id,
      async () => {
        const { data } = await sendTestWebhook({ variables: { endpointId: id } });
        const delivery = data?.sendTestWebhook;
        if (delivery && delivery.status !== 'delivered')
          throw new Error(`The test was not delivered: ${delivery.error ?? `answered ${delivery.statusCode}`}`);
      },
      'Test delivered',
    );

  async function add(url: string, events: string[]) {
    const { data } = await createEndpoint({ variables: { input: { url, events } } });
    setAdding(false);
    setSecret(data?.createWebhookEndpoint.secret ?? null);
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
        Each event is POSTed as JSON, signed as Standard Webhooks signs (<code>webhook-signature</code>: verify it with the{' '}
        <code>standardwebhooks</code> library and the endpoint&apos;s secret), and retried with backoff for 24 hours until a 2xx answer. An
        endpoint that keeps failing is paused as Failing: it receives nothing until you resume it or a test event gets a 2xx answer.
      </Typography>
      <QueryState query={query} empty={endpoints.length === 0 && 'No endpoints yet.'}>
        <SimpleTable label="Webhook endpoints" onPaper columns={['URL', 'Events', 'Enabled', 'Status', 'Created', 'Actions']}>
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
                  onChange={(event) =>
                    notified(() => updateEndpoint({ variables: { id: endpoint.id, input: { enabled: event.target.checked } } }))
                  }
                  slotProps={{ input: { 'aria-label': `Send events to ${endpoint.url}` } }}
                />
              </TableCell>
              <TableCell>
                <EndpointStatus endpoint={endpoint} />
              </TableCell>
              <TableCell>
                {dateTime(endpoint.createdAt)}
                {endpoint.createdBy && (
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block', wordBreak: 'break-all' }}>
                    Created by {endpoint.createdBy}
                  </Typography>
                )}
              </TableCell>
              <TableCell>
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                  {endpoint.failingSince && (
                    <Button
                      size="small"
                      variant="contained"
                      disabled={busy === endpoint.id}
                      onClick={() => run(endpoint.id, () => resumeEndpoint({ variables: { id: endpoint.id } }), 'Endpoint resumed')}
                      aria-label={`Resume ${endpoint.url}`}
                    >
                      Resume
                    </Button>
                  )}
                  <Button
                    size="small"
                    variant="outlined"
                    disabled={busy === endpoint.id || !endpoint.enabled}
                    title={endpoint.enabled ? undefined : 'Enable the endpoint to send a test'}
                    onClick={() => sendTest(endpoint.id)}
                    aria-label={`Send a test event to ${endpoint.url}`}
                  >
                    {busy === endpoint.id ? 'Sending...' : 'Send test'}
                  </Button>
                  <Button size="small" variant="outlined" onClick={() => setViewing({ id: endpoint.id, url: endpoint.url })}>
                    Deliveries
                  </Button>
                  <DeleteButton
                    variant="outlined"
                    onClick={() => deleting.ask({ id: endpoint.id, url: endpoint.url })}
                    aria-label={`Delete the endpoint ${endpoint.url}`}
                  />
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </SimpleTable>
      </QueryState>

      <TextAndChoicesDialog
        open={adding}
        title="Add endpoint"
        text={{ label: 'URL', required: 'URL is Required', type: 'url', placeholder: 'https://example.com/keen-webhooks' }}
        choices={{ legend: 'Events', options: WEBHOOK_EVENTS, required: 'Choose at least one event' }}
        submitLabel="Add"
        busy={creation.loading}
        onSubmit={add}
        onClose={() => setAdding(false)}
      />
      <SecretOnceDialog title="The endpoint's signing secret" secret={secret} onClose={() => setSecret(null)} />
      <DeliveriesDialog endpoint={viewing} onClose={() => setViewing(null)} />
      {deleting.dialog}
    </Stack>
  );
}
