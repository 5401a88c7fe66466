import { useMemo, useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { Autocomplete, Stack, TextField } from '@mui/material';
import FormDialog from '../../../components/FormDialog';
import { addressRules, countries, countryName, isCountryCode } from '@keen/rules/address';
import { useAddressMetadata } from '../../../components/address/addressMetadata';
import { useFormik } from 'formik';
import { useSnackbar } from 'notistack';
import FormikTextField from '../../../components/FormikTextField';
import type { ShippingZoneFieldsFragment } from '../../../gql/graphql';
import { errorMessage } from '../../../lib/errors';
import { CreateShippingZoneMutation, ShippingZonesQuery, UpdateShippingZoneMutation } from './operations';
import { validateZone, zoneFormValues, zoneInput, type ZoneFormValues, type ZoneRegion } from './shippingForms';

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
      const input = zoneInput(values);
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
  // The country whose regions the regions picker lists: the zone's first region's, until another is chosen.
  const [regionCountry, setRegionCountry] = useState<string | null>(null);
  const listed = regionCountry ?? formik.values.regions[0]?.country ?? null;
  const metadata = useAddressMetadata(listed ?? '');
  const regionOptions = useMemo<ZoneRegion[]>(
    () =>
      listed && metadata && isCountryCode(listed)
        ? (addressRules(listed, metadata).regions ?? []).map((region) => ({ country: listed, region: region.key, name: region.name }))
        : [],
    [listed, metadata],
  );
  const regionLabel = (region: ZoneRegion) => (region.country === listed ? region.name : `${region.name} (${countryName(region.country)})`);

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
        <Autocomplete
          id="zone-region-country"
          options={options}
          value={options.find((option) => option.code === listed) ?? null}
          getOptionLabel={(option) => option.name}
          isOptionEqualToValue={(option, value) => option.code === value.code}
          onChange={(_event, option) => setRegionCountry(option?.code ?? null)}
          autoHighlight
          renderInput={(params) => <TextField {...params} label="Regions of (optional)" placeholder="A country with states or provinces" />}
        />
        <Autocomplete
          multiple
          id="zone-regions"
          options={regionOptions}
          getOptionLabel={regionLabel}
          isOptionEqualToValue={(option, value) => option.country === value.country && option.region === value.region}
          value={formik.values.regions}
          onChange={(_event, regions) => formik.setFieldValue('regions', regions)}
          filterSelectedOptions
          autoHighlight
          noOptionsText={listed ? `${countryName(listed)} has no regions to choose from` : 'Choose a country first'}
          renderInput={(params) => (
            <TextField
              {...params}
              name="regions"
              label="Regions"
              placeholder="Type a region's name"
              helperText="An address in one of these regions is this zone's, whatever zone its country is in"
            />
          )}
        />
      </Stack>
    </FormDialog>
  );
}
