import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { Alert, Box, Checkbox, DialogContentText, FormControlLabel, Stack, TextField, Typography } from '@mui/material';
import { useFormik, type FormikErrors } from 'formik';
import { useSnackbar } from 'notistack';
import { currencyDecimals, parseMajorAmount, shortOrderId } from '@keen/rules';
import ConfirmDialog from '../../components/ConfirmDialog';
import FormDialog from '../../components/FormDialog';
import FormikAmountField from '../../components/FormikAmountField';
import FormikTextField from '../../components/FormikTextField';
import { graphql } from '../../gql';
import type { OrderFieldsFragment } from '../../gql/graphql';
import { errorMessage } from '../../lib/errors';
import { forgetOverview } from '../../lib/listCache';
import { amountText, useFormatMoney } from '../../lib/money';
import { lineName } from '../../lib/variants';
import OrderDocuments from '../../components/OrderDocuments';

/** Refund: the answer is the whole order as All Orders lists it, so its row, refunds and credit notes update in the cache. */
export const RefundOrderMutation = graphql(`
  mutation RefundOrder($orderId: ID!, $input: RefundInput!) {
    refundOrder(orderId: $orderId, input: $input) {
      ...OrderFields
    }
  }
`);

interface RefundValues {
  /** Units to refund per line id, as typed. */
  units: Record<string, string>;
  /** Lines whose refunded units go back to stock. */
  restock: Record<string, boolean>;
  delivery: boolean;
  /** An amount beyond lines and delivery, in major units as typed. */
  amount: string;
  reason: string;
}

// The server's limit (RefundInput.reason).
const REASON_MAX = 500;

const EMPTY: RefundValues = { units: {}, restock: {}, delivery: false, amount: '', reason: '' };

/** Units each line can still be refunded. */
const unitsLeft = (line: OrderFieldsFragment['lines'][number]) => line.quantity - line.refundedQuantity;

/** What the admin asked for, as the mutation takes it (null while something typed is not readable). */
function refundInput(values: RefundValues, order: OrderFieldsFragment) {
  const lines = order.lines
    .map((line) => ({ lineId: line.id, quantity: Number(values.units[line.id] || 0), restock: values.restock[line.id] === true }))
    .filter((line) => line.quantity > 0);
  const amount = values.amount.trim() === '' ? 0 : parseMajorAmount(values.amount, order.currency);
  if (amount === null || lines.some((line) => !Number.isInteger(line.quantity))) return null;
  return { lines, delivery: values.delivery, amount, reason: values.reason.trim() || null };
}

function validateRefund(values: RefundValues, order: OrderFieldsFragment, left: number, format: (amount: number) => string) {
  const errors: FormikErrors<RefundValues> = {};
  const units: Record<string, string> = {};
  for (const line of order.lines) {
    const typed = values.units[line.id]?.trim() ?? '';
    const count = Number(typed);
    if (typed !== '' && (!Number.isInteger(count) || count < 0)) units[line.id] = 'A whole number of units';
    else if (count > unitsLeft(line)) units[line.id] = `At most ${unitsLeft(line)}`;
  }
  if (Object.keys(units).length) errors.units = units;
  const amount = values.amount.trim() === '' ? 0 : parseMajorAmount(values.amount, order.currency);
  if (amount === null)
    errors.amount =
      currencyDecimals(order.currency) === 0
        ? `Enter a whole amount, like ${amountText(1000, order.currency)}`
        : `Enter an amount like ${amountText(1000, order.currency)}`;
  else if (amount > left) errors.amount = `At most ${format(left)}`;
  if (amount && !values.reason.trim()) errors.reason = 'Say why the amount is refunded';
  else if (values.reason.trim().length > REASON_MAX) errors.reason = `Reason must be at most ${REASON_MAX} characters`;
  const input = refundInput(values, order);
  if (input && !input.lines.length && !input.delivery && !input.amount)
    errors.amount ??= 'Choose units of a line, the delivery price or an amount';
  return errors;
}

interface RefundDialogProps {
  /** The paid order to refund part or all of; null closes the dialog. */
  order: OrderFieldsFragment | null;
  onClose: () => void;
}

/**
 * Refund from All Orders: units of each line (each line's may go back to stock), the delivery
 * price, and an amount with a reason, never more than the maximum it shows (what was paid less
 * earlier refunds). A confirmation names what goes before anything is sent; the server works out
 * each line's share of discounts and tax, refunds at the provider and numbers a credit note. The
 * order's earlier refunds, its invoice and credit notes are listed for download.
 */
export default function RefundDialog({ order, onClose }: RefundDialogProps) {
  const { enqueueSnackbar } = useSnackbar();
  const formatMoney = useFormatMoney();
  const [confirming, setConfirming] = useState(false);
  const [refundOrder, { loading }] = useMutation(RefundOrderMutation, { update: (cache) => forgetOverview(cache) });
  const left = order ? order.totals.total.amount - order.totals.refunded.amount : 0;
  const format = (amount: number) => formatMoney(amount, order?.currency ?? 'USD');
  const formik = useFormik<RefundValues>({
    initialValues: EMPTY,
    validate: (values) => (order ? validateRefund(values, order, left, format) : {}),
    onSubmit: (_values, { setStatus }) => {
      setStatus(undefined);
      setConfirming(true);
    },
  });
  const serverError = typeof formik.status === 'string' ? formik.status : null;

  async function confirm() {
    const input = order && refundInput(formik.values, order);
    if (!order || !input) return;
    try {
      const { data } = await refundOrder({ variables: { orderId: order.id, input } });
      const refunds = data?.refundOrder.refunds ?? [];
      const latest = refunds[refunds.length - 1];
      enqueueSnackbar(latest ? `Refunded ${latest.amount.formatted}: credit note ${latest.creditNoteNumber}` : 'Refunded', {
        variant: 'success',
      });
      setConfirming(false);
      onClose();
    } catch (failure) {
      // The server's refusal (the provider's, or a limit reached meanwhile) stays in the dialog.
      setConfirming(false);
      formik.setStatus(errorMessage(failure));
    }
  }

  const input = order ? refundInput(formik.values, order) : null;
  const unitsError = (lineId: string) => (formik.errors.units as Record<string, string> | undefined)?.[lineId];
  return (
    <>
      <FormDialog
        open={order !== null}
        onClose={onClose}
        id="refund-dialog"
        title={`Refund order #${order ? shortOrderId(order.id) : ''}`}
        submitLabel="Review refund"
        formik={formik}
      >
        {order && (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>
              Paid {order.totals.total.formatted}; refunded so far {order.totals.refunded.formatted}. At most{' '}
              <strong>{format(left)}</strong> can be refunded.
            </DialogContentText>
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
              <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
                Lines
              </Typography>
              <Stack spacing={1.5}>
                {order.lines.map((line) => {
                  const name = lineName(line.name, line.variantName);
                  return (
                    <Stack key={line.id} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
                      <Typography sx={{ flex: 1 }}>
                        {name}
                        <Typography component="span" variant="body2" color="text.secondary">
                          {` – ${line.lineAmount.formatted}, ${unitsLeft(line)} of ${line.quantity} refundable`}
                        </Typography>
                      </Typography>
                      <TextField
                        id={`refund-units-${line.id}`}
                        label={`Units of ${name}`}
                        type="number"
                        size="small"
                        sx={{ width: { sm: 170 } }}
                        value={formik.values.units[line.id] ?? ''}
                        onChange={(event) => formik.setFieldValue(`units.${line.id}`, event.target.value)}
                        error={!!unitsError(line.id)}
                        helperText={unitsError(line.id)}
                        disabled={unitsLeft(line) === 0}
                        slotProps={{ htmlInput: { min: 0, max: unitsLeft(line) } }}
                      />
                      <FormControlLabel
                        control={
                          <Checkbox
                            checked={formik.values.restock[line.id] === true}
                            onChange={(event) => formik.setFieldValue(`restock.${line.id}`, event.target.checked)}
                            disabled={unitsLeft(line) === 0}
                          />
                        }
                        label={`Restock ${name}`}
                      />
                    </Stack>
                  );
                })}
              </Stack>
            </Box>
            {order.totals.shipping.amount > 0 && (
              <FormControlLabel
                control={
                  <Checkbox checked={formik.values.delivery} onChange={(event) => formik.setFieldValue('delivery', event.target.checked)} />
                }
                label={`Refund the delivery price (${order.totals.shipping.formatted})`}
              />
            )}
            <FormikAmountField
              formik={formik}
              id="refund-amount"
              name="amount"
              label="Amount"
              currency={order.currency}
              helperText="Optional: beyond lines and delivery"
            />
            <FormikTextField
              formik={formik}
              id="refund-reason"
              name="reason"
              label="Reason"
              helperText="Required with an amount; printed on the credit note"
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
            />
            {serverError && <Alert severity="error">{serverError}</Alert>}
            {order.refunds.length > 0 && (
              <Box component="section" aria-labelledby="refund-earlier-title">
                <Typography id="refund-earlier-title" variant="subtitle2">
                  Earlier refunds
                </Typography>
                <Box component="ul" sx={{ pl: 2, my: 0.5 }}>
                  {order.refunds.map((refund) => (
                    <li key={refund.id}>
                      {new Date(refund.createdAt).toLocaleDateString()}: {refund.amount.formatted} ({refund.creditNoteNumber})
                      {refund.reason ? ` – ${refund.reason}` : ''}
                    </li>
                  ))}
                </Box>
              </Box>
            )}
            <OrderDocuments order={order} />
          </Stack>
        )}
      </FormDialog>
      <ConfirmDialog
        open={confirming}
        title="Refund this order?"
        confirmLabel="Refund"
        busy={loading}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      >
        {order && input && (
          <Box component="ul" sx={{ pl: 2, m: 0 }}>
            {input.lines.map((line) => {
              const ordered = order.lines.find((candidate) => candidate.id === line.lineId)!;
              return (
                <li key={line.lineId}>
                  {line.quantity} × {lineName(ordered.name, ordered.variantName)}
                  {line.restock ? ', back to stock' : ', not restocked'}
                </li>
              );
            })}
            <li>{input.delivery ? `The delivery price (${order.totals.shipping.formatted})` : 'Delivery kept'}</li>
            {input.amount > 0 && (
              <li>
                {format(input.amount)}: {input.reason}
              </li>
            )}
            <li>
              Gift cards that paid get theirs back first, the card the rest; the customer is mailed a credit note. This cannot be undone.
            </li>
          </Box>
        )}
      </ConfirmDialog>
    </>
  );
}
