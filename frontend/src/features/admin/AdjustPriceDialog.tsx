import { useId } from 'react';
import { useMutation } from '@apollo/client/react';
import { Alert, Box, DialogContentText, Stack, Typography } from '@mui/material';
import { useFormik, type FormikErrors } from 'formik';
import { useSnackbar } from 'notistack';
import { currencyDecimals, MAX_AMOUNT, parseMajorAmount, shortOrderId } from '@keen/rules';
import FormDialog from '../../components/FormDialog';
import FormikAmountField from '../../components/FormikAmountField';
import FormikTextField from '../../components/FormikTextField';
import RadioFieldset from '../../components/RadioFieldset';
import type { OrderFieldsFragment } from '../../gql/graphql';
import { errorMessage } from '../../lib/errors';
import { amountText, useFormatMoney, useShop } from '../../lib/money';
import { AdjustOrderPriceMutation } from './operations';

/** The order whose price is adjusted: its currency and the totals the dialog starts from. */
export type AdjustableOrder = Pick<OrderFieldsFragment, 'id' | 'name' | 'currency' | 'totals'>;

interface AdjustPriceValues {
  direction: 'lower' | 'raise';
  /** As typed, in major units: "20.00". */
  amount: string;
  reason: string;
  label: string;
}

const DIRECTIONS = [
  { value: 'lower', label: 'Lower the price' },
  { value: 'raise', label: 'Raise the price' },
];

const INITIAL: AdjustPriceValues = { direction: 'lower', amount: '', reason: '', label: '' };
// The server's limits (PriceAdjustmentInput).
const REASON_MAX = 500;
const LABEL_MAX = 120;

/** The adjustment in signed minor units, or null while the amount typed is not one. */
function signedAmount(values: AdjustPriceValues, currency: string): number | null {
  const amount = values.amount.trim() === '' ? null : parseMajorAmount(values.amount, currency);
  if (!amount) return null;
  return values.direction === 'lower' ? -amount : amount;
}

/** What the server would refuse, said before sending. */
function validateAdjustment(
  values: AdjustPriceValues,
  order: AdjustableOrder,
  formatMoney: (amount: number, currency: string) => string,
): FormikErrors<AdjustPriceValues> {
  const errors: FormikErrors<AdjustPriceValues> = {};
  const { currency, totals } = order;
  const amount = values.amount.trim() === '' ? undefined : parseMajorAmount(values.amount, currency);
  // The order's lines together cannot go below zero: they can lose at most what they come to now.
  const mostOff = totals.subtotal.amount + totals.adjustments.amount;
  if (amount === undefined) errors.amount = 'Amount is Required';
  else if (amount === null)
    errors.amount =
      currencyDecimals(currency) === 0
        ? `Enter a whole amount, like ${amountText(1000, currency)}`
        : `Enter an amount like ${amountText(1000, currency)}, with at most ${currencyDecimals(currency)} decimals`;
  else if (amount === 0) errors.amount = 'The amount must be more than 0';
  else if (amount > MAX_AMOUNT) errors.amount = `The amount must be at most ${formatMoney(MAX_AMOUNT, currency)}`;
  else if (values.direction === 'lower' && amount > mostOff)
    errors.amount = `The price cannot go below zero: lower it by at most ${formatMoney(mostOff, currency)}`;
  if (!values.reason.trim()) errors.reason = 'Reason is Required';
  else if (values.reason.trim().length > REASON_MAX) errors.reason = `Reason must be at most ${REASON_MAX} characters`;
  if (values.label.trim().length > LABEL_MAX) errors.label = `Label must be at most ${LABEL_MAX} characters`;
  return errors;
}

interface AdjustPriceDialogProps {
  /** The unpaid order to adjust; null closes the dialog. */
  order: AdjustableOrder | null;
  onClose: () => void;
}

/**
 * Adjust price from All Orders: lowers or raises an unpaid order's price by an amount typed in its
 * currency, with a reason kept for staff and an optional label the customer reads. The total shown
 * before sending is a preview; the success toast gives the server's, which has worked tax out again.
 * The answer is the whole order, so the grid's row takes its new total from the cache.
 */
export default function AdjustPriceDialog({ order, onClose }: AdjustPriceDialogProps) {
  const { enqueueSnackbar } = useSnackbar();
  const formatMoney = useFormatMoney();
  const shop = useShop();
  const directionLabelId = useId();
  const [adjustOrderPrice] = useMutation(AdjustOrderPriceMutation);
  const formik = useFormik<AdjustPriceValues>({
    initialValues: INITIAL,
    validate: (values) => (order ? validateAdjustment(values, order, formatMoney) : {}),
    onSubmit: async (values, { setStatus }) => {
      const amount = order && signedAmount(values, order.currency);
      if (!order || !amount) return;
      setStatus(undefined);
      try {
        const { data } = await adjustOrderPrice({
          variables: { orderId: order.id, input: { amount, reason: values.reason.trim(), label: values.label.trim() || null } },
        });
        const total = data?.adjustOrderPrice.totals.total.formatted;
        enqueueSnackbar(total ? `Price adjusted: the total is now ${total}` : 'Price adjusted', { variant: 'success' });
        onClose();
      } catch (failure) {
        // The server's refusal (the order was paid meanwhile, say) stays in the dialog beside the form.
        setStatus(errorMessage(failure));
      }
    },
  });

  const currency = order?.currency ?? shop.currency;
  const totals = order?.totals ?? null;
  const amount = signedAmount(formik.values, currency);
  // Inclusive prices keep the total as it is added up; tax added on top is worked out again on the adjusted lines.
  const taxAdded = totals !== null && totals.total.amount !== totals.subtotal.amount + totals.adjustments.amount + totals.shipping.amount;
  const serverError = typeof formik.status === 'string' ? formik.status : null;
  return (
    <FormDialog
      open={order !== null}
      onClose={onClose}
      id="adjust-price-dialog"
      title={`Adjust price of order #${order ? shortOrderId(order.id) : ''}`}
      submitLabel="Adjust price"
      formik={formik}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <DialogContentText>{order?.name}: the customer pays the adjusted total.</DialogContentText>
        <RadioFieldset
          legendId={directionLabelId}
          legend="Change"
          row
          name="direction"
          value={formik.values.direction}
          onChange={(direction) => formik.setFieldValue('direction', direction)}
          options={DIRECTIONS}
        />
        <FormikAmountField formik={formik} id="adjust-amount" name="amount" label="Amount" currency={currency} required autoFocus />
        <FormikTextField
          formik={formik}
          id="adjust-reason"
          name="reason"
          label="Reason"
          helperText="Kept in the order's history and shown to staff only"
          multiline
          minRows={2}
          required
          slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
        />
        <FormikTextField
          formik={formik}
          id="adjust-label"
          name="label"
          label="Label shown to the customer"
          placeholder="Price adjustment"
          helperText="Optional: what the customer reads beside the amount"
          slotProps={{ htmlInput: { maxLength: LABEL_MAX } }}
        />
        {totals && (
          <Box component="section" aria-label="Total before and after">
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 0.5, m: 0 }}>
              <Typography component="dt">Current total</Typography>
              <Typography component="dd" sx={{ m: 0, textAlign: 'right' }}>
                {totals.total.formatted}
              </Typography>
              <Typography component="dt" sx={{ fontWeight: 700 }}>
                {taxAdded ? 'New total, before tax is worked out again' : 'New total'}
              </Typography>
              <Typography component="dd" sx={{ m: 0, textAlign: 'right', fontWeight: 700 }}>
                {amount === null ? '–' : formatMoney(totals.total.amount + amount, currency)}
              </Typography>
            </Box>
          </Box>
        )}
        {serverError && <Alert severity="error">{serverError}</Alert>}
      </Stack>
    </FormDialog>
  );
}
