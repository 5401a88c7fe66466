import { useQuery } from '@apollo/client/react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemText, Typography } from '@mui/material';
import { ORDER_STATE_LABELS } from '../../components/OrderStateChip';
import type { OrderActorKind } from '../../gql/graphql';
import { errorMessage } from '../../lib/errors';
import { OrderHistoryQuery } from './operations';

const ACTORS: Record<OrderActorKind, string> = {
  customer: 'the customer',
  admin: 'an admin',
  apiKey: 'an API key',
  provider: 'the payment provider',
  system: 'Keen (unpaid hold ran out)',
};

/** An order's history (admin only): every change of state, who made it and when. */
export default function OrderHistoryDialog({ order, onClose }: { order: { id: string; name: string } | null; onClose: () => void }) {
  const { data, loading, error } = useQuery(OrderHistoryQuery, {
    variables: { id: order?.id ?? '' },
    skip: !order,
    fetchPolicy: 'network-only',
  });
  const events = data?.orderHistory ?? [];
  return (
    <Dialog open={order !== null} onClose={onClose} aria-labelledby="order-history-title" fullWidth maxWidth="sm">
      <DialogTitle id="order-history-title">History of {order?.name}</DialogTitle>
      <DialogContent>
        {loading && <Typography>Loading…</Typography>}
        {error && (
          <Typography role="alert" color="error">
            {errorMessage(error)}
          </Typography>
        )}
        <List dense aria-label="Order history">
          {events.map((event) => (
            <ListItem key={event.id} disableGutters>
              <ListItemText
                primary={`${event.fromState ? `${ORDER_STATE_LABELS[event.fromState]} → ` : 'Placed: '}${ORDER_STATE_LABELS[event.toState]}`}
                secondary={[new Date(event.createdAt).toLocaleString(), `by ${event.actorEmail ?? ACTORS[event.actor]}`, event.note]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
