import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { Button, Typography } from '@mui/material';
import { shortOrderId } from '@keen/rules';
import type { ReturnState } from '../../gql/graphql';
import { ReturnPolicyQuery } from '../../operations/returns';
import ReturnDialog, { type ReturnableOrder, unitsLeft } from './ReturnDialog';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How a return's state reads to its customer. */
const RETURN_STATE_LABELS: Record<ReturnState, string> = {
  Requested: 'requested: waiting for our answer',
  Approved: 'approved: see the instructions we e-mailed',
  Declined: 'declined',
  Received: 'received: being refunded',
  Refunded: 'refunded',
};

export interface OrderWithReturns extends ReturnableOrder {
  state: string;
  deliveredAt?: string | null;
  returns: (ReturnableOrder['returns'][number] & { id: string; rmaNumber: string; declineReason?: string | null })[];
}

/** Whether the customer may still ask to return something of the order: delivered, within the window, units left. */
function returnable(order: OrderWithReturns, returnDays: number | undefined): boolean {
  if (!order.deliveredAt || returnDays === undefined) return false;
  if (order.state !== 'Delivered' && order.state !== 'PartiallyRefunded') return false;
  if (Date.now() > new Date(order.deliveredAt).getTime() + returnDays * DAY_MS) return false;
  return [...unitsLeft(order).values()].some((units) => units > 0);
}

/**
 * An order's returns, each by its RMA number and state, and Return items while its window is open
 * (the window is read only for a delivered order). A guest's order passes its link's `token`.
 */
export default function OrderReturns({ order, token = null }: { order: OrderWithReturns; token?: string | null }) {
  const policy = useQuery(ReturnPolicyQuery, { skip: !order.deliveredAt });
  const [open, setOpen] = useState(false);
  return (
    <>
      {order.returns.map((request) => (
        <Typography key={request.id} variant="body2" sx={{ mt: 0.5 }}>
          Return {request.rmaNumber} {RETURN_STATE_LABELS[request.state]}
          {request.state === 'Declined' && request.declineReason ? ` (${request.declineReason})` : ''}
        </Typography>
      ))}
      {returnable(order, policy.data?.returnPolicy.returnDays) && (
        <Button
          size="small"
          variant="outlined"
          sx={{ mt: 0.5 }}
          onClick={() => setOpen(true)}
          aria-label={`Return items of order #${shortOrderId(order.id)}`}
        >
          Return items
        </Button>
      )}
      <ReturnDialog open={open} order={order} token={token} onClose={() => setOpen(false)} />
    </>
  );
}
