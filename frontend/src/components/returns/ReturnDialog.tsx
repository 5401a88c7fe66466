import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { shortOrderId } from '@keen/rules';
import PhotoAttachments from '../PhotoAttachments';
import QueryState from '../QueryState';
import { useFullScreenDialog } from '../useFullScreenDialog';
import type { ReturnReason, ReturnState } from '../../gql/graphql';
import { useAuth } from '../../lib/auth';
import { errorMessage } from '../../lib/errors';
import { uploadImage } from '../../lib/upload';
import { lineName } from '../../lib/variants';
import { FAULT_REASONS, RETURN_REASON_LABELS } from '../../lib/returns';
import { RequestReturnMutation, ReturnPolicyQuery } from '../../operations/returns';

/** The most photos one return carries (the server's MAX_RETURN_PHOTOS). */
export const MAX_RETURN_PHOTOS = 3;

const REASONS = Object.keys(RETURN_REASON_LABELS) as ReturnReason[];

export interface ReturnableOrder {
  id: string;
  lines: {
    id: string;
    name: string;
    variantName?: string | null;
    quantity: number;
    refundedQuantity: number;
    engraving?: { text: string } | null;
  }[];
  returns: { state: ReturnState; lines: { orderLineId: string; quantity: number; receivedQuantity?: number | null }[] }[];
}

/** Units of each line a customer may still ask to return: neither refunded nor in an open return. */
export function unitsLeft(order: ReturnableOrder): Map<string, number> {
  const left = new Map(order.lines.map((line) => [line.id, line.quantity - line.refundedQuantity]));
  for (const request of order.returns) {
    if (request.state === 'Declined' || request.state === 'Refunded') continue;
    for (const line of request.lines) {
      const units = request.state === 'Received' ? (line.receivedQuantity ?? 0) : line.quantity;
      left.set(line.orderLineId, (left.get(line.orderLineId) ?? 0) - units);
    }
  }
  return left;
}

/**
 * A customer asks to return units of a delivered order: how many of each line, a reason from the
 * list (engraved lines only as faulty) with their words, and up to 3 photos, the shop's policy above.
 * A guest asks by the order link's `token`, without photos (uploads are for signed-in customers).
 */
export default function ReturnDialog({
  order,
  open,
  onClose,
  token = null,
}: {
  order: ReturnableOrder | null;
  open: boolean;
  onClose: () => void;
  token?: string | null;
}) {
  const fullScreen = useFullScreenDialog();
  const { auth } = useAuth();
  const { enqueueSnackbar } = useSnackbar();
  const policy = useQuery(ReturnPolicyQuery, { skip: !open });
  const [units, setUnits] = useState<Record<string, number>>({});
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [details, setDetails] = useState('');
  const [photos, setPhotos] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [requestReturn, { loading }] = useMutation(RequestReturnMutation, {
    // The new return joins its order's returns in the cache: My Orders shows it without a refetch.
    update(cache, { data }) {
      const created = data?.requestReturn;
      if (!created) return;
      cache.modify({
        id: cache.identify({ __typename: 'Order', id: created.orderId }),
        fields: {
          returns: (existing, { toReference }) => [...(Array.isArray(existing) ? existing : []), toReference(created)],
        },
      });
    },
  });

  if (!order) return null;
  const left = unitsLeft(order);
  const chosen = order.lines.filter((line) => (units[line.id] ?? 0) > 0);
  const madeForThem = chosen.some((line) => line.engraving);
  const reasonRefused = reason !== '' && madeForThem && !FAULT_REASONS.includes(reason);

  function reset() {
    setUnits({});
    setReason('');
    setDetails('');
    setPhotos([]);
    setFailure(null);
  }

  async function addPhoto(file: File | undefined) {
    if (!file) return;
    setFailure(null);
    setUploading(true);
    try {
      const token = (await auth?.currentUser?.getIdToken()) ?? null;
      const url = await uploadImage(file, { token });
      setPhotos((current) => [...current, url]);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setUploading(false);
    }
  }

  async function submit() {
    if (!order || reason === '') return;
    setFailure(null);
    try {
      const { data } = await requestReturn({
        variables: {
          input: {
            orderId: order.id,
            lines: chosen.map((line) => ({ lineId: line.id, quantity: units[line.id] })),
            reason,
            details: details.trim() || null,
            photos,
          },
          ...(token && { token }),
        },
      });
      enqueueSnackbar(`Return ${data?.requestReturn.rmaNumber} requested: we will answer by e-mail`, { variant: 'success' });
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  const ready = chosen.length > 0 && reason !== '' && !reasonRefused && (reason !== 'OTHER' || details.trim() !== '');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby="return-dialog-title"
      slotProps={{ transition: { onExited: reset } }}
    >
      <DialogTitle id="return-dialog-title">Return items of order #{shortOrderId(order.id)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <QueryState query={policy}>
            <Alert severity="info" icon={false}>
              <Typography variant="subtitle2">
                Our return policy (within {policy.data?.returnPolicy.returnDays} days of delivery)
              </Typography>
              {policy.data?.returnPolicy.policy.map((paragraph) => (
                <Typography key={paragraph} variant="body2">
                  {paragraph}
                </Typography>
              ))}
            </Alert>
          </QueryState>
          {order.lines.map((line) => {
            const name = lineName(line.name, line.variantName);
            const max = Math.max(0, left.get(line.id) ?? 0);
            return (
              <TextField
                key={line.id}
                type="number"
                label={`Units of ${name} to return`}
                helperText={
                  max ? `${max} can be returned${line.engraving ? '; engraved: only when faulty' : ''}` : 'Nothing left to return'
                }
                disabled={max === 0}
                value={units[line.id] ?? 0}
                onChange={(event) => {
                  const value = Math.min(max, Math.max(0, Math.floor(Number(event.target.value) || 0)));
                  setUnits((current) => ({ ...current, [line.id]: value }));
                }}
                slotProps={{ htmlInput: { min: 0, max } }}
              />
            );
          })}
          <TextField
            select
            label="Reason"
            value={reason}
            onChange={(event) => setReason(event.target.value as ReturnReason)}
            error={reasonRefused}
            helperText={
              reasonRefused ? 'Engraved and made-to-measure knives come back only when faulty, damaged or not what you ordered' : ' '
            }
          >
            {REASONS.map((value) => (
              <MenuItem key={value} value={value}>
                {RETURN_REASON_LABELS[value]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={reason === 'OTHER' ? 'What is wrong (required)' : 'What is wrong (optional)'}
            multiline
            minRows={2}
            value={details}
            onChange={(event) => setDetails(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
          {!token && (
            <Stack spacing={1}>
              <Typography variant="body2" color="text.secondary">
                Photos (up to {MAX_RETURN_PHOTOS}: JPEG, PNG or WebP)
              </Typography>
              <PhotoAttachments
                kind="Return photo"
                photos={photos}
                max={MAX_RETURN_PHOTOS}
                uploading={uploading}
                addLabel="Add a photo"
                onFile={addPhoto}
                onRemove={(url) => setPhotos((current) => current.filter((photo) => photo !== url))}
              />
            </Stack>
          )}
          {failure && <Alert severity="error">{failure}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={!ready || uploading} loading={loading} onClick={submit}>
          Request return
        </Button>
      </DialogActions>
    </Dialog>
  );
}
