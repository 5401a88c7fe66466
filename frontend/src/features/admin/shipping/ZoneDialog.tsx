import { useMemo } from 'react';
import { useMutation } from '@apollo/client/react';
import { Autocomplete, Stack, TextField } from '@mui/material';
import FormDialog from '../../../components/FormDialog';
import { countries } from '@keen/rules/address';
import { useFormik } from 'formik';
import { useSnackbar } from 'notistack';
import FormikTextField from '../../../components/FormikTextField';
import type { ShippingZoneFieldsFragment } from '../../../gql/graphql';
import { errorMessage } from '../../../lib/errors';
import { CreateShippingZoneMutation, ShippingZonesQuery, UpdateShippingZoneMutation } from './operations';
import { validateZone, zoneFormValues, type ZoneFormValues } from './shippingForms';

interface ZoneDialogProps {
  open: boolean;
  /** The zone to edit; null adds one. */
  zone: ShippingZoneFieldsFragment | null;
  onClose: () => void;
}

/** Add or edit a zone: its name and countries. A refusal (a country already in another zone) shows in a toast; the dialog stays open. */
export default function ZoneDialog({ open, zone, onClose }: ZoneDialogProps) {
  const { enqueueSnackbar } = useSnackbar();
  const options = useMemo(() => countries(), []);
  const [createZone] = useMutation(CreateShippingZoneMutation, {
    update: (cache, { data }) =>
      data &&
      cache.updateQuery({ query: ShippingZonesQuery }, (list) =>
        list ? { shippingZones: [...list.shippingZones, data.createShippingZone] } : list,
      ),
  });
  // The answer is the whole zone: the cache updates it in place.
  const [updateZone] = useMutation(UpdateShippingZoneMutation);
  const formik = useFormik<ZoneFormValues>({
    enableReinitialize: true,
    initialValues: zoneFormValues(zone),
    validate: validateZone,
    onSubmit: async (values) => {
      const input = { name: values.name.trim(), countries: values.countries };
      try {
        if (zone) await updateZone({ variables: { id: zone.id, input } });
        else await createZone({ variables: { input } });
        enqueueSnackbar(zone ? `${input.name} saved` : `${input.name} added`, { variant: 'success' });
        onClose();
      } catch (failure) {
        enqueueSnackbar(errorMessage(failure), { variant: 'error' });
      }
    },
  });
  const countriesError = formik.touched.countries && formik.errors.countries ? [formik.errors.countries].flat()[0] : undefined;

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      id="zone-dialog"
      title={zone ? `Edit ${zone.name}` : 'Add zone'}
      submitLabel={zone ? 'Save zone' : 'Add zone'}
      formik={formik}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormikTextField formik={formik} id="zone-name" name="name" label="Zone name" autoFocus />
        <Autocomplete
          multiple
          id="zone-countries"
          options={options}
          getOptionValue={(option): string => option.code}
          getOptionLabel={(option) => option.name}
          value={formik.values.countries}
          onChange={(_event, codes) => formik.setFieldValue('countries', codes)}
          onBlur={() => formik.setFieldTouched('countries', true)}
          filterSelectedOptions
          autoHighlight
          renderInput={(params) => (
            <TextField
              {...params}
              name="countries"
              label="Countries"
              placeholder="Type a country's name"
              error={!!countriesError}
              helperText={countriesError ?? 'A country can be in one zone only'}
            />
          )}
        />
      </Stack>
    </FormDialog>
  );
}
