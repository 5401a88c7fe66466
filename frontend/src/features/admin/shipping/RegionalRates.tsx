import { type FormEvent, useState } from 'react';
import { useMutation } from '@apollo/client/react';
import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  IconButton,
  InputAdornment,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { TAX_CATEGORIES, type TaxCategory } from '@keen/rules';
import { countryName } from '@keen/rules/address';
import type { ShippingZoneFieldsFragment } from '../../../gql/graphql';
import { useNotifiedAction } from '../../../lib/useNotifiedAction';
import { RemoveTaxRateMutation, SetTaxRateMutation } from './operations';
import { readTaxRate } from './shippingForms';
import { TAX_CATEGORY_LABELS } from './taxCategories';

/** Whether a regional rate taxes shipping, as the list says it. */
const shippingNote = (taxShipping: boolean | null | undefined) =>
  taxShipping === true ? 'shipping taxed' : taxShipping === false ? 'shipping not taxed' : "shipping as the shop's setting";

/**
 * The rates of regions inside a zone's countries (a US state, a Canadian province): each wins over
 * the zone's rate there, and says whether shipping is taxed there.
 */
export default function RegionalRates({ zone }: { zone: ShippingZoneFieldsFragment }) {
  const notified = useNotifiedAction();
  const [setTaxRate, saving] = useMutation(SetTaxRateMutation);
  const [removeTaxRate, removing] = useMutation(RemoveTaxRateMutation);
  const countries = [...new Set([...zone.countries, ...zone.regions.map((region) => region.country)])];
  const [country, setCountry] = useState(countries[0] ?? '');
  const [region, setRegion] = useState('');
  const [category, setCategory] = useState<TaxCategory>('standard');
  const [text, setText] = useState('');
  const [taxShipping, setTaxShipping] = useState(false);
  const [problem, setProblem] = useState<{ region?: string; rate?: string }>({});
  const [adding, setAdding] = useState(false);
  const regional = zone.taxRates.filter((rate) => rate.region !== null);

  async function add(event: FormEvent) {
    event.preventDefault();
    const rate = readTaxRate(category, text);
    const regionProblem = region.trim() === '' ? 'Enter a region, like NY or New York' : undefined;
    setProblem({ region: regionProblem, rate: 'error' in rate ? rate.error : undefined });
    if (regionProblem || 'error' in rate) return;
    const done = await notified(
      () =>
        setTaxRate({
          variables: { input: { zoneId: zone.id, category, ratePercent: rate.ratePercent, country, region: region.trim(), taxShipping } },
        }),
      `${TAX_CATEGORY_LABELS[category]} rate for ${region.trim()} set to ${rate.ratePercent}%`,
    );
    if (done) {
      setRegion('');
      setText('');
      setAdding(false);
    }
  }

  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2" component="h4">
        Rates by region
      </Typography>
      {regional.length ? (
        <List dense aria-label={`Rates by region of ${zone.name}`}>
          {regional.map((rate) => (
            <ListItem
              key={`${rate.country}/${rate.region}/${rate.category}`}
              secondaryAction={
                <IconButton
                  edge="end"
                  disabled={removing.loading}
                  aria-label={`Remove the ${TAX_CATEGORY_LABELS[rate.category].toLowerCase()} rate of ${rate.regionName}`}
                  onClick={() =>
                    notified(
                      () =>
                        removeTaxRate({
                          variables: { input: { zoneId: zone.id, category: rate.category, country: rate.country, region: rate.region } },
                        }),
                      `Rate of ${rate.regionName} removed`,
                    )
                  }
                >
                  <DeleteOutlineIcon />
                </IconButton>
              }
            >
              <ListItemText
                primary={`${rate.regionName} (${countryName(rate.country ?? '')}): ${TAX_CATEGORY_LABELS[rate.category]} ${rate.ratePercent}%`}
                secondary={rate.category === 'standard' ? shippingNote(rate.taxShipping) : null}
              />
            </ListItem>
          ))}
        </List>
      ) : (
        <Typography variant="body2" color="text.secondary">
          None: the zone&apos;s rates apply everywhere in it. Add a rate for a US state or a Canadian province to tax it apart.
        </Typography>
      )}
      {!adding ? (
        <Box>
          <Button size="small" onClick={() => setAdding(true)} aria-label={`Add a rate for a region of ${zone.name}`}>
            Add a rate for a region
          </Button>
        </Box>
      ) : (
        <Stack
          component="form"
          noValidate
          onSubmit={add}
          direction={{ xs: 'column', md: 'row' }}
          spacing={1}
          sx={{ alignItems: { md: 'flex-start' } }}
          aria-label={`Add a rate for a region of ${zone.name}`}
        >
          {countries.length > 1 && (
            <TextField select size="small" label="Country" value={country} onChange={(event) => setCountry(event.target.value)}>
              {countries.map((code) => (
                <MenuItem key={code} value={code}>
                  {countryName(code)}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField
            size="small"
            label="Region"
            value={region}
            onChange={(event) => setRegion(event.target.value)}
            error={problem.region !== undefined}
            helperText={problem.region ?? 'A state or province: NY or New York'}
          />
          <TextField
            select
            size="small"
            label="Category"
            value={category}
            onChange={(event) => setCategory(event.target.value as TaxCategory)}
          >
            {TAX_CATEGORIES.map((value) => (
              <MenuItem key={value} value={value}>
                {TAX_CATEGORY_LABELS[value]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label="Rate"
            type="number"
            value={text}
            onChange={(event) => setText(event.target.value)}
            error={problem.rate !== undefined}
            helperText={problem.rate ?? ' '}
            slotProps={{
              htmlInput: { min: 0, max: 100, step: 0.001 },
              input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
            }}
          />
          <FormControlLabel
            control={<Checkbox checked={taxShipping} onChange={(event) => setTaxShipping(event.target.checked)} />}
            label="Tax shipping"
          />
          <Button type="submit" variant="outlined" disabled={saving.loading || !country}>
            Add rate
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
