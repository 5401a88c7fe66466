import { useMutation } from '@apollo/client/react';
import { Alert, Box, FormControlLabel, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import FormDialog from '../../../components/FormDialog';
import { MINIMUM_AGE } from '@keen/rules';
import { countryName } from '@keen/rules/address';
import { useFormik } from 'formik';
import { useSnackbar } from 'notistack';
import CountrySelect from '../../../components/address/CountrySelect';
import FormikNumberField from '../../../components/FormikNumberField';
import type { BladeHandover, BladeRuleFieldsFragment } from '../../../gql/graphql';
import { errorMessage } from '../../../lib/errors';
import {
  bladeRuleFormValues,
  bladeRuleInputOf,
  type BladeRuleFormValues,
  defaultHandover,
  HANDOVER_LABELS,
  validateBladeRule,
} from './bladeRuleForm';
import { BladeRulesQuery, SetBladeRuleMutation } from './operations';

interface BladeRuleDialogProps {
  open: boolean;
  /** The rule to edit; null adds one. */
  rule: BladeRuleFieldsFragment | null;
  /** The countries that have a rule: adding one of them replaces its rule. */
  ruled: readonly string[];
  /** Offered first: the countries the shop delivers to. */
  preferredCountries: readonly string[];
  onClose: () => void;
}

/** Add or edit a country's rule for bladed articles. A refusal shows in a toast; the dialog stays open. */
export default function BladeRuleDialog({ open, rule, ruled, preferredCountries, onClose }: BladeRuleDialogProps) {
  const { enqueueSnackbar } = useSnackbar();
  const [setRule] = useMutation(SetBladeRuleMutation, {
    // The answer updates a country's row in place; a new country joins the list.
    update: (cache, { data }) =>
      data &&
      cache.updateQuery({ query: BladeRulesQuery }, (list) =>
        list && !list.bladeRules.some((row) => row.country === data.setBladeRule.country)
          ? { ...list, bladeRules: [...list.bladeRules, data.setBladeRule] }
          : list,
      ),
  });
  const formik = useFormik<BladeRuleFormValues>({
    enableReinitialize: true,
    initialValues: bladeRuleFormValues(rule),
    validate: validateBladeRule,
    onSubmit: async (values) => {
      const name = countryName(values.country);
      try {
        await setRule({ variables: { input: bladeRuleInputOf(values) } });
        enqueueSnackbar(`Rule for ${name} saved`, { variant: 'success' });
        onClose();
      } catch (failure) {
        enqueueSnackbar(errorMessage(failure), { variant: 'error' });
      }
    },
  });
  const { country } = formik.values;
  const replaces = !rule && ruled.includes(country);
  const countryError = formik.touched.country ? formik.errors.country : undefined;

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      id="blade-rule-dialog"
      title={rule ? `Rule for ${countryName(rule.country)}` : 'Add blade rule'}
      submitLabel={rule ? 'Save rule' : 'Add rule'}
      formik={formik}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <CountrySelect
          id="blade-rule-country"
          value={country}
          disabled={!!rule}
          preferred={preferredCountries}
          onChange={(code) => {
            formik.setFieldValue('country', code);
            // A new rule starts from the handover the country's law usually asks for.
            formik.setFieldValue('handover', defaultHandover(code), false);
          }}
          onBlur={() => formik.setFieldTouched('country', true)}
          error={countryError}
        />
        {replaces && <Alert severity="info">{countryName(country)} already has a rule: saving replaces it.</Alert>}
        <FormikNumberField
          formik={formik}
          id="blade-rule-minimumAge"
          name="minimumAge"
          label="Minimum age"
          min={MINIMUM_AGE.min}
          max={MINIMUM_AGE.max}
          helperText="The buyer's minimum age there; empty: the shop's default. A product's own minimum age can be higher."
        />
        <Box>
          <FormControlLabel
            control={<Switch id="blade-rule-allowed" name="allowed" checked={formik.values.allowed} onChange={formik.handleChange} />}
            label="Blades allowed"
          />
          <Typography variant="body2" color="text.secondary">
            Off: age-restricted products are not sold for delivery there; the rest of a cart still is.
          </Typography>
        </Box>
        <TextField
          select
          id="blade-rule-handover"
          name="handover"
          label="Handover"
          value={formik.values.handover}
          onChange={formik.handleChange}
          helperText="Age-verified: the parcel ships only with a delivery service that hands it to an adult whose age it checks (the UK's law)."
          fullWidth
        >
          {(Object.keys(HANDOVER_LABELS) as BladeHandover[]).map((handover) => (
            <MenuItem key={handover} value={handover}>
              {HANDOVER_LABELS[handover]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </FormDialog>
  );
}
