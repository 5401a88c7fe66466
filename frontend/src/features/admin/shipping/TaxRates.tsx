import { type FormEvent, useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { Button, InputAdornment, Stack, TextField } from '@mui/material';
import { TAX_CATEGORIES, type TaxCategory } from '@keen/rules';
import type { ShippingZoneFieldsFragment } from '../../../gql/graphql';
import { useNotifiedAction } from '../../../lib/useNotifiedAction';
import { SetTaxRateMutation } from './operations';
import { readTaxRate } from './shippingForms';
import RegionalRates from './RegionalRates';
import { TAX_CATEGORY_LABELS } from './taxCategories';

interface TaxRateFieldProps {
  zone: { id: string; name: string };
  category: TaxCategory;
  /** The rate set, in percent; null when none is (the category is taxed at 0%). */
  current: number | null;
}

/** One category's rate in a zone, saved on its own. */
function TaxRateField({ zone, category, current }: TaxRateFieldProps) {
  const notified = useNotifiedAction();
  // The answer is the zone with its rates: the cache updates it in place.
  const [setTaxRate, saving] = useMutation(SetTaxRateMutation);
  const [text, setText] = useState(current === null ? '' : String(current));
  const [problem, setProblem] = useState<string | null>(null);
  const label = TAX_CATEGORY_LABELS[category];

  async function save(event: FormEvent) {
    event.preventDefault();
    const rate = readTaxRate(category, text);
    if ('error' in rate) return setProblem(rate.error);
    setProblem(null);
    await notified(
      () => setTaxRate({ variables: { input: { zoneId: zone.id, category, ratePercent: rate.ratePercent } } }),
      `${label} rate in ${zone.name} set to ${rate.ratePercent}%`,
    );
  }

  return (
    <Stack component="form" noValidate onSubmit={save} direction="row" spacing={1} sx={{ alignItems: 'flex-start', flex: 1 }}>
      <TextField
        id={`tax-${zone.id}-${category}`}
        label={label}
        type="number"
        size="small"
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={problem !== null}
        helperText={problem ?? (current === null ? 'Not set: 0%' : ' ')}
        slotProps={{
          htmlInput: { min: 0, max: 100, step: 0.001 },
          input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
        }}
        sx={{ flex: 1, minWidth: 0 }}
      />
      <Button
        type="submit"
        variant="outlined"
        disabled={saving.loading}
        aria-label={`Save the ${label.toLowerCase()} rate of ${zone.name}`}
      >
        Save
      </Button>
    </Stack>
  );
}

/**
 * A zone's rate for each tax category (a product's category picks which applies), and the rates of
 * regions inside it (a US state, a Canadian province), which win there.
 */
export default function TaxRates({ zone }: { zone: ShippingZoneFieldsFragment }) {
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        {TAX_CATEGORIES.map((category) => {
          const current = zone.taxRates.find((rate) => rate.category === category && rate.region === null)?.ratePercent ?? null;
          // A saved rate starts its field again from the answer.
          return <TaxRateField key={`${category}:${current}`} zone={zone} category={category} current={current} />;
        })}
      </Stack>
      <RegionalRates zone={zone} />
    </Stack>
  );
}
