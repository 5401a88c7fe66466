import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Autocomplete, Stack, TextField, Typography } from '@mui/material';
import { type FormikErrors, useFormik } from 'formik';
import { useSnackbar } from 'notistack';
import { MAX_AMOUNT, parseMajorAmount, shortOrderId } from '@keen/rules';
import AddressFields, { type AddressFormValues, addressFormValues, validateAddress } from '../../../components/address/AddressFields';
import FormDialog from '../../../components/FormDialog';
import FormikAmountField from '../../../components/FormikAmountField';
import FormikTextField from '../../../components/FormikTextField';
import { errorMessage } from '../../../lib/errors';
import { unreadableAmount, useFormatMoney, useShop } from '../../../lib/money';
import { QuoteFromMessageMutation, QuoteProductsQuery } from './operations';

/** The message a quote is made from: who it goes to and the knife it was about. */
export interface QuotedMessage {
  id: string;
  name: string;
  email: string;
  productId?: string | null;
}

type QuoteValues = AddressFormValues & {
  productId: string;
  quantity: string;
  /** The total the customer pays, as typed in major units: "315.00". */
  price: string;
  note: string;
};

// The server's limits (QuoteFromMessageInput).
const MAX_QUANTITY = 1000;
const NOTE_MAX = 2000;

function validateQuote(values: QuoteValues, currency: string): FormikErrors<QuoteValues> {
  const errors: FormikErrors<QuoteValues> = { ...validateAddress(values) };
  if (!values.productId) errors.productId = 'Knife is Required';
  const quantity = Number(values.quantity);
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY)
    errors.quantity = `Quantity must be from 1 to ${MAX_QUANTITY}`;
  const price = values.price.trim() === '' ? undefined : parseMajorAmount(values.price, currency);
  if (price === undefined) errors.price = 'Price is Required';
  else if (price === null) errors.price = unreadableAmount(currency);
  else if (price < 1) errors.price = 'The price must be more than 0';
  else if (price > MAX_AMOUNT) errors.price = 'The price is too large';
  if (values.note.trim().length > NOTE_MAX) errors.note = `Note must be at most ${NOTE_MAX} characters`;
  return errors;
}

/**
 * Make a private quote from a message: the knife, how many, the total the customer pays (in the
 * shop's currency) and where it ships. The server places an unpaid order for the sender at that
 * price and e-mails them its payment link as a reply; the order's number is shown on success.
 */
export default function QuoteDialog({ message, onClose }: { message: QuotedMessage; onClose: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const shop = useShop();
  const formatMoney = useFormatMoney();
  const products = useQuery(QuoteProductsQuery);
  const [quoteFromMessage] = useMutation(QuoteFromMessageMutation, { refetchQueries: ['AdminMessages'] });
  const formik = useFormik<QuoteValues>({
    initialValues: {
      ...addressFormValues(null, shop.country),
      name: message.name,
      productId: message.productId ?? '',
      quantity: '1',
      price: '',
      note: '',
    },
    validate: (values) => validateQuote(values, shop.currency),
    onSubmit: async (values, { setStatus }) => {
      setStatus(undefined);
      const { productId, quantity, price, note, ...address } = values;
      try {
        const { data } = await quoteFromMessage({
          variables: {
            messageId: message.id,
            input: {
              productId,
              quantity: Number(quantity),
              priceAmount: parseMajorAmount(price, shop.currency)!,
              shippingAddress: address,
              note: note.trim() || null,
            },
          },
        });
        const orderId = data?.quoteFromMessage.quoteOrderId;
        enqueueSnackbar(`Quote made: order #${orderId ? shortOrderId(orderId) : ''}; its payment link was e-mailed to ${message.email}`, {
          variant: 'success',
        });
        onClose();
      } catch (failure) {
        setStatus(errorMessage(failure));
      }
    },
  });
  const options = products.data?.products.items ?? [];
  const price = parseMajorAmount(formik.values.price, shop.currency);
  const serverError = typeof formik.status === 'string' ? formik.status : null;
  return (
    <FormDialog
      open
      onClose={onClose}
      id="quote-dialog"
      title={`Private quote for ${message.name}`}
      submitLabel="Send the quote"
      formik={formik}
    >
      <Stack spacing={2}>
        {serverError && <Alert severity="error">{serverError}</Alert>}
        {products.error && <Alert severity="error">The knives could not be loaded: {errorMessage(products.error)}</Alert>}
        <Autocomplete
          id="quote-product"
          options={options}
          loading={products.loading}
          getOptionLabel={(product) => product.name}
          value={options.find((product) => product.id === formik.values.productId) ?? null}
          onChange={(_event, chosen) => void formik.setFieldValue('productId', chosen?.id ?? '')}
          renderInput={(params) => (
            <TextField
              {...params}
              label="Knife"
              required
              error={!!(formik.touched.productId && formik.errors.productId)}
              helperText={(formik.touched.productId && formik.errors.productId) || 'Its default variant; it must be in stock'}
            />
          )}
        />
        <FormikTextField formik={formik} name="quantity" label="Quantity" slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
        <FormikAmountField
          formik={formik}
          name="price"
          label="The customer pays (in all)"
          currency={shop.currency}
          helperText="Delivery and tax included: the order's price is adjusted to it"
        />
        <FormikTextField formik={formik} name="note" label="Note to the customer (optional)" multiline minRows={2} />
        <Typography variant="h6" component="h3">
          Delivery address
        </Typography>
        <AddressFields formik={formik} idPrefix="quote-address" />
        <Typography color="text.secondary">
          {price ? `${message.email} will be asked to pay ${formatMoney(price, shop.currency)}. ` : ''}
          The order is held for them, and a reply with its payment link is e-mailed from the shop&apos;s address.
        </Typography>
      </Stack>
    </FormDialog>
  );
}
