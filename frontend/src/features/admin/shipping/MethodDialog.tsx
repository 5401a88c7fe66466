import { useMemo } from 'react';
import { useMutation } from '@apollo/client/react';
import { FormControlLabel, Stack, Switch } from '@mui/material';
import FormDialog from '../../../components/FormDialog';
import { useFormik } from 'formik';
import FormikAmountField from '../../../components/FormikAmountField';
import FormikNumberField from '../../../components/FormikNumberField';
import FormikTextField from '../../../components/FormikTextField';
import type { ShippingMethodFieldsFragment } from '../../../gql/graphql';
import { useShop } from '../../../lib/money';
import { useNotifiedAction } from '../../../lib/useNotifiedAction';
import { CreateShippingMethodMutation, ShippingZoneFieldsFragment, UpdateShippingMethodMutation } from './operations';
import { methodFormValues, methodInput, validateMethod, type MethodFormValues } from './shippingForms';
import WeightBandsField from './WeightBandsField';

interface MethodDialogProps {
  open: boolean;
  /** The zone the method delivers to, named in the title. */
  zone: { id: string; name: string } | null;
  /** The method to edit; null adds one to the zone. */
  method: ShippingMethodFieldsFragment | null;
  onClose: () => void;
}

/** Add or edit a zone's delivery method; amounts are typed with cents in the shop's currency and sent in minor units. */
export default function MethodDialog({ open, zone, method, onClose }: MethodDialogProps) {
  const notified = useNotifiedAction();
  const { currency } = useShop();
  const [createMethod] = useMutation(CreateShippingMethodMutation, {
    // The new method joins its zone's cached list (the page orders the list by price).
    update: (cache, { data }) => {
      if (!data) return;
      const created = data.createShippingMethod;
      cache.updateFragment(
        {
          id: cache.identify({ __typename: 'ShippingZone', id: created.zoneId }),
          fragment: ShippingZoneFieldsFragment,
          fragmentName: 'ShippingZoneFields',
        },
        (cached) => cached && { ...cached, methods: [...cached.methods, created] },
      );
    },
  });
  const [updateMethod] = useMutation(UpdateShippingMethodMutation);
  const validate = useMemo(() => validateMethod(currency), [currency]);
  const formik = useFormik<MethodFormValues>({
    enableReinitialize: true,
    initialValues: methodFormValues(method),
    validate,
    onSubmit: async (values) => {
      if (!zone) return;
      const input = methodInput(zone.id, values, currency);
      const saved = await notified(
        () => (method ? updateMethod({ variables: { id: method.id, input } }) : createMethod({ variables: { input } })),
        method ? `${input.name} saved` : `${input.name} added to ${zone.name}`,
      );
      if (saved) onClose();
    },
  });

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      id="method-dialog"
      title={method ? `Edit ${method.name}` : `Add a method to ${zone?.name ?? ''}`}
      submitLabel={method ? 'Save method' : 'Add method'}
      formik={formik}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormikTextField formik={formik} id="method-name" name="name" label="Method name" placeholder="Standard" autoFocus />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {!formik.values.byWeight && (
            <FormikAmountField formik={formik} id="method-price" name="price" label="Price" currency={currency} />
          )}
          <FormikAmountField
            formik={formik}
            id="method-freeOver"
            name="freeOver"
            label="Free over (optional)"
            helperText="Orders whose subtotal reaches it ship free"
            currency={currency}
          />
        </Stack>
        <FormControlLabel
          control={<Switch id="method-byWeight" name="byWeight" checked={formik.values.byWeight} onChange={formik.handleChange} />}
          label="Priced by weight"
        />
        {formik.values.byWeight && <WeightBandsField formik={formik} currency={currency} />}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormikNumberField formik={formik} id="method-minDays" name="minDays" label="Fastest delivery (days)" min={0} max={365} />
          <FormikNumberField formik={formik} id="method-maxDays" name="maxDays" label="Slowest delivery (days)" min={0} max={365} />
        </Stack>
        <FormControlLabel
          control={<Switch id="method-enabled" name="enabled" checked={formik.values.enabled} onChange={formik.handleChange} />}
          label="Enabled"
        />
      </Stack>
    </FormDialog>
  );
}
