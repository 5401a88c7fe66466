import { useMutation, useQuery } from '@apollo/client/react';
import { Autocomplete, Checkbox, FormControlLabel, MenuItem, Stack, TextField } from '@mui/material';
import { type FormikErrors, useFormik } from 'formik';
import { parseMajorAmount } from '@keen/rules';
import FormDialog from '../../../components/FormDialog';
import FormikAmountField from '../../../components/FormikAmountField';
import FormikTextField from '../../../components/FormikTextField';
import type { AdminDiscountFieldsFragment, DiscountKind, DiscountScope } from '../../../gql/graphql';
import { amountText, unreadableAmount, useShop } from '../../../lib/money';
import { useNotifiedAction } from '../../../lib/useNotifiedAction';
import { AdminDiscountsQuery, CreateDiscountMutation, DiscountTargetsQuery, UpdateDiscountMutation } from './operations';

interface DiscountValues {
  code: string;
  kind: DiscountKind;
  value: string;
  appliesTo: DiscountScope;
  productIds: string[];
  collectionIds: string[];
  minimumSubtotal: string;
  startsAt: string;
  endsAt: string;
  usageLimit: string;
  oncePerCustomer: boolean;
  enabled: boolean;
}

/** A date-time as the datetime-local field shows it (the browser's time zone), or blank. */
const localDateTime = (iso: string | null | undefined) => {
  if (!iso) return '';
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/** The form's values for a code (or a new one); amounts are written in major units of the shop's `currency`. */
const valuesOf = (discount: AdminDiscountFieldsFragment | null, currency: string): DiscountValues => ({
  code: discount?.code ?? '',
  kind: discount?.kind ?? 'PERCENT',
  value: discount && discount.kind === 'AMOUNT' ? amountText(discount.value, currency) : String(discount?.value ?? ''),
  appliesTo: discount?.appliesTo ?? 'ORDER',
  productIds: discount?.productIds ?? [],
  collectionIds: discount?.collectionIds ?? [],
  minimumSubtotal: discount?.minimumSubtotal ? amountText(discount.minimumSubtotal.amount, currency) : '',
  startsAt: localDateTime(discount?.startsAt),
  endsAt: localDateTime(discount?.endsAt),
  usageLimit: discount?.usageLimit == null ? '' : String(discount.usageLimit),
  oncePerCustomer: discount?.oncePerCustomer ?? false,
  enabled: discount?.enabled ?? true,
});

/**
 * Blank is absent; otherwise the number as typed (the server says what is wrong with it). Formik
 * hands a number field's value over as a number once something is typed in it.
 */
const numberOrNull = (typed: string | number) => (String(typed).trim() === '' ? null : Math.round(Number(typed)));

/**
 * Blank is absent; otherwise the amount typed ("10.50") in minor units of `currency`, or undefined
 * when it is not one (a percentage typed before the kind became an amount may be a number).
 */
const minorOrNull = (typed: string | number, currency: string) =>
  String(typed).trim() === '' ? null : (parseMajorAmount(String(typed), currency) ?? undefined);

/** An amount field whose text is not an amount in the shop's currency (too many decimals for it, say) is refused before sending. */
function validateAmounts(values: DiscountValues, currency: string): FormikErrors<DiscountValues> {
  const errors: FormikErrors<DiscountValues> = {};
  if (values.kind === 'AMOUNT' && minorOrNull(values.value, currency) === undefined) errors.value = unreadableAmount(currency);
  if (minorOrNull(values.minimumSubtotal, currency) === undefined) errors.minimumSubtotal = unreadableAmount(currency);
  return errors;
}

/** Add a code or change its rules; the server checks them and a refusal shows in a toast, the dialog staying open. */
export default function DiscountDialog({
  open,
  discount,
  onClose,
}: {
  open: boolean;
  /** The code to edit; null adds one. */
  discount: AdminDiscountFieldsFragment | null;
  onClose: () => void;
}) {
  const notified = useNotifiedAction();
  const { currency } = useShop();
  const targets = useQuery(DiscountTargetsQuery, { skip: !open });
  const products = targets.data?.products.items ?? [];
  const collections = targets.data?.collections ?? [];
  const [create] = useMutation(CreateDiscountMutation, {
    // The newest code comes first in the cached list.
    update: (cache, { data }) =>
      data &&
      cache.updateQuery({ query: AdminDiscountsQuery }, (list) => (list ? { discounts: [data.createDiscount, ...list.discounts] } : list)),
  });
  const [update] = useMutation(UpdateDiscountMutation);
  const formik = useFormik<DiscountValues>({
    enableReinitialize: true,
    initialValues: valuesOf(discount, currency),
    validate: (values) => validateAmounts(values, currency),
    onSubmit: async (values) => {
      const input = {
        code: values.code.trim(),
        kind: values.kind,
        // Amounts in the shop currency's own minor units: cents, yen or fils.
        value:
          values.kind === 'FREE_SHIPPING'
            ? null
            : values.kind === 'AMOUNT'
              ? (minorOrNull(values.value, currency) ?? null)
              : numberOrNull(values.value),
        appliesTo: values.appliesTo,
        productIds: values.productIds,
        collectionIds: values.collectionIds,
        minimumSubtotal: minorOrNull(values.minimumSubtotal, currency) ?? null,
        startsAt: values.startsAt ? new Date(values.startsAt).toISOString() : null,
        endsAt: values.endsAt ? new Date(values.endsAt).toISOString() : null,
        usageLimit: numberOrNull(values.usageLimit),
        oncePerCustomer: values.oncePerCustomer,
        enabled: values.enabled,
      };
      const saved = await notified(
        () => (discount ? update({ variables: { id: discount.id, input } }) : create({ variables: { input } })),
        `Discount code ${input.code} saved`,
      );
      if (saved) onClose();
    },
  });
  const { values, setFieldValue } = formik;

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      id="discount-dialog"
      title={discount ? `Edit ${discount.code}` : 'Add discount code'}
      submitLabel={discount ? 'Save code' : 'Add code'}
      formik={formik}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormikTextField
          formik={formik}
          id="discount-code"
          name="code"
          label="Code"
          required
          helperText="Letters, digits, - or _; any case"
        />
        <TextField
          select
          id="discount-kind"
          label="Kind"
          value={values.kind}
          onChange={(event) => void setFieldValue('kind', event.target.value)}
        >
          <MenuItem value={'PERCENT'}>Percentage off</MenuItem>
          <MenuItem value={'AMOUNT'}>Amount off</MenuItem>
          <MenuItem value={'FREE_SHIPPING'}>Free shipping</MenuItem>
        </TextField>
        {values.kind === 'PERCENT' && (
          <FormikTextField formik={formik} id="discount-value" name="value" label="Percent off" type="number" required />
        )}
        {values.kind === 'AMOUNT' && (
          <FormikAmountField formik={formik} currency={currency} id="discount-value" name="value" label="Amount off" required />
        )}
        <TextField
          select
          id="discount-applies-to"
          label="Applies to"
          value={values.appliesTo}
          onChange={(event) => void setFieldValue('appliesTo', event.target.value)}
        >
          <MenuItem value={'ORDER'}>The whole order</MenuItem>
          <MenuItem value={'PRODUCTS'}>Some knives</MenuItem>
          <MenuItem value={'COLLECTIONS'}>Some collections</MenuItem>
        </TextField>
        {values.appliesTo === 'PRODUCTS' && (
          <Autocomplete
            multiple
            id="discount-products"
            options={products}
            getOptionLabel={(product) => product.name}
            value={products.filter((product) => values.productIds.includes(product.id))}
            onChange={(_event, chosen) =>
              void setFieldValue(
                'productIds',
                chosen.map((product) => product.id),
              )
            }
            renderInput={(params) => <TextField {...params} label="Knives" />}
          />
        )}
        {values.appliesTo === 'COLLECTIONS' && (
          <Autocomplete
            multiple
            id="discount-collections"
            options={collections}
            getOptionLabel={(collection) => collection.name}
            value={collections.filter((collection) => values.collectionIds.includes(collection.id))}
            onChange={(_event, chosen) =>
              void setFieldValue(
                'collectionIds',
                chosen.map((collection) => collection.id),
              )
            }
            renderInput={(params) => <TextField {...params} label="Collections" />}
          />
        )}
        <FormikAmountField
          formik={formik}
          currency={currency}
          id="discount-minimum"
          name="minimumSubtotal"
          label="Minimum subtotal"
          helperText="Blank: any"
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormikTextField
            formik={formik}
            id="discount-starts"
            name="startsAt"
            label="Starts"
            type="datetime-local"
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <FormikTextField
            formik={formik}
            id="discount-ends"
            name="endsAt"
            label="Ends"
            type="datetime-local"
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
        <FormikTextField
          formik={formik}
          id="discount-usage-limit"
          name="usageLimit"
          label="Usage limit"
          type="number"
          helperText="Orders that may use it; blank: no limit"
        />
        <FormControlLabel
          control={
            <Checkbox checked={values.oncePerCustomer} onChange={(event) => void setFieldValue('oncePerCustomer', event.target.checked)} />
          }
          label="Once per customer"
        />
        <FormControlLabel
          control={<Checkbox checked={values.enabled} onChange={(event) => void setFieldValue('enabled', event.target.checked)} />}
          label="Enabled"
        />
      </Stack>
    </FormDialog>
  );
}
