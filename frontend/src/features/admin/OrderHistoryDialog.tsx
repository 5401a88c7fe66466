import { useQuery } from '@apollo/client/react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemText, Typography } from '@mui/material';
import { countryName } from '@keen/rules/address';
import { ORDER_STATE_LABELS } from '../../components/OrderStateChip';
import type { AgeCheckMethod, AgeCheckStatus, AgeChecksQuery as AgeChecksResult, OrderActorKind } from '../../gql/graphql';
import { errorMessage } from '../../lib/errors';
import { HANDOVER_LABELS } from './bladeRules/bladeRuleForm';
import { AgeChecksQuery, OrderHistoryQuery } from './operations';

const ACTORS: Record<OrderActorKind, string> = {
  customer: 'the customer',
  guest: 'the guest (by the order link)',
  admin: 'an admin',
  apiKey: 'an API key',
  provider: 'the payment provider',
  system: 'Keen (unpaid hold ran out)',
};

type AgeEvidence = AgeChecksResult['ageChecks'][number];

const CHECK_STATUSES: Record<AgeCheckStatus, string> = { PASSED: 'passed', FAILED: 'failed', NEEDS_DOCUMENT: 'waiting for a document' };
const CHECK_METHODS: Record<AgeCheckMethod, string> = { declared: 'declared date of birth', test: 'test provider' };

/** One row of the age evidence log as the history lists it. */
function evidenceText(row: AgeEvidence): string {
  switch (row.kind) {
    case 'CHECK':
      return [
        row.status ? `Age check ${CHECK_STATUSES[row.status]}` : 'Age check',
        row.ageBracket,
        row.method && CHECK_METHODS[row.method],
        row.providerReference && `ref. ${row.providerReference}`,
      ]
        .filter(Boolean)
        .join(' · ');
    case 'ORDER_PLACED':
      return [
        `Placed for ${row.country ? countryName(row.country) : 'its destination'}`,
        row.minimumAge && `minimum age ${row.minimumAge}`,
        row.handover && HANDOVER_LABELS[row.handover],
      ]
        .filter(Boolean)
        .join(' · ');
    case 'ORDER_SHIPPED':
      return [row.ageVerifiedDelivery ? 'Shipped with age-verified delivery' : 'Shipped without age-verified delivery', row.note]
        .filter(Boolean)
        .join(' · ');
    case 'SHIPPING_REFUSED':
      return ['Shipping refused', row.note].filter(Boolean).join(' · ');
    case 'PRODUCT_RULE_CHANGED':
      return ['Age rule changed', row.note].filter(Boolean).join(' · ');
  }
}

interface HistoryOrder {
  id: string;
  name: string;
  /** An age-restricted order also lists its age evidence. */
  ageRestricted?: boolean;
}

/** An order's history (admin only): every change of state, who made it and when; and for an age-restricted order, its age evidence. */
export default function OrderHistoryDialog({ order, onClose }: { order: HistoryOrder | null; onClose: () => void }) {
  const { data, loading, error } = useQuery(OrderHistoryQuery, {
    variables: { id: order?.id ?? '' },
    skip: !order,
    fetchPolicy: 'network-only',
  });
  const evidence = useQuery(AgeChecksQuery, {
    variables: { orderId: order?.id ?? '' },
    skip: !order?.ageRestricted,
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
                primary={
                  event.fromState === event.toState
                    ? `${ORDER_STATE_LABELS[event.toState]}: unchanged`
                    : `${event.fromState ? `${ORDER_STATE_LABELS[event.fromState]} → ` : 'Placed: '}${ORDER_STATE_LABELS[event.toState]}`
                }
                secondary={[new Date(event.createdAt).toLocaleString(), `by ${event.actorEmail ?? ACTORS[event.actor]}`, event.note]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItem>
          ))}
        </List>
        {order?.ageRestricted && (
          <>
            <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
              Age checks
            </Typography>
            {evidence.loading && <Typography>Loading…</Typography>}
            {evidence.error && (
              <Typography role="alert" color="error">
                {errorMessage(evidence.error)}
              </Typography>
            )}
            {evidence.data?.ageChecks.length === 0 && <Typography variant="body2">No age evidence recorded.</Typography>}
            <List dense aria-label="Age checks">
              {evidence.data?.ageChecks.map((row) => (
                <ListItem key={row.id} disableGutters>
                  <ListItemText primary={evidenceText(row)} secondary={new Date(row.createdAt).toLocaleString()} />
                </ListItem>
              ))}
            </List>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
