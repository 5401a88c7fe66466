import { useId } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, Divider, Stack, Typography } from '@mui/material';
import { countryName } from '@keen/rules/address';
import { formatGrams } from '@keen/rules/schemas';
import type { ShippingMethodFieldsFragment, ShippingZoneFieldsFragment } from '../../../gql/graphql';
import { useFormatMoney } from '../../../lib/money';
import TaxRates from './TaxRates';

/** "2–4 days", "1 day". */
const deliveryDays = (min: number, max: number) => (min === max ? `${min} ${min === 1 ? 'day' : 'days'}` : `${min}–${max} days`);

/** Cheapest first, as the server lists them (a stable sort keeps its order among equal prices). */
const byPrice = (methods: readonly ShippingMethodFieldsFragment[]) => [...methods].sort((a, b) => a.price.amount - b.price.amount);

interface ZoneCardProps {
  zone: ShippingZoneFieldsFragment;
  onEdit: () => void;
  onDelete: () => void;
  onAddMethod: () => void;
  onEditMethod: (method: ShippingMethodFieldsFragment) => void;
}

/** One zone: its countries, its delivery methods and its tax rates. */
export default function ZoneCard({ zone, onEdit, onDelete, onAddMethod, onEditMethod }: ZoneCardProps) {
  const headingId = useId();
  const formatMoney = useFormatMoney();
  const methods = byPrice(zone.methods);
  const countryNames = zone.countries.map(countryName).sort((a, b) => a.localeCompare(b, 'en'));

  return (
    <Card component="section" variant="outlined" aria-labelledby={headingId}>
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}>
            <Typography variant="h6" component="h2" id={headingId} sx={{ wordBreak: 'break-word' }}>
              {zone.name}
            </Typography>
            <Stack direction="row" spacing={1}>
              <Button size="small" variant="outlined" onClick={onEdit} aria-label={`Edit the zone ${zone.name}`}>
                Edit
              </Button>
              <Button size="small" variant="outlined" color="error" onClick={onDelete} aria-label={`Delete the zone ${zone.name}`}>
                Delete
              </Button>
            </Stack>
          </Stack>

          <Stack component="ul" direction="row" aria-label="Countries" sx={{ flexWrap: 'wrap', gap: 0.5, listStyle: 'none', p: 0, m: 0 }}>
            {countryNames.map((name) => (
              <Chip component="li" key={name} label={name} size="small" />
            ))}
          </Stack>
          {zone.regions.length > 0 && (
            <Stack component="ul" direction="row" aria-label="Regions" sx={{ flexWrap: 'wrap', gap: 0.5, listStyle: 'none', p: 0, m: 0 }}>
              {zone.regions.map((region) => (
                <Chip
                  component="li"
                  key={`${region.country}-${region.region}`}
                  label={`${region.name} (${region.country})`}
                  size="small"
                  variant="outlined"
                />
              ))}
            </Stack>
          )}

          <Divider />
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="subtitle1" component="h3">
              Delivery methods
            </Typography>
            <Button size="small" onClick={onAddMethod} aria-label={`Add a method to ${zone.name}`}>
              Add method
            </Button>
          </Stack>
          {!methods.some((method) => method.enabled) && (
            <Alert severity="warning">
              {methods.length === 0 ? 'No methods yet' : 'Every method is disabled'}: orders to these countries are refused until one is
              enabled.
            </Alert>
          )}
          {methods.length > 0 && (
            <Stack
              component="ul"
              aria-label={`Delivery methods of ${zone.name}`}
              divider={<Divider component="li" />}
              sx={{ listStyle: 'none', p: 0, m: 0 }}
            >
              {methods.map((method) => (
                <Stack
                  component="li"
                  key={method.id}
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={1}
                  sx={{ py: 1, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
                >
                  <Box sx={{ minWidth: 0 }}>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <Typography sx={{ fontWeight: 500, wordBreak: 'break-word' }}>{method.name}</Typography>
                      <Chip
                        size="small"
                        variant="outlined"
                        color={method.enabled ? 'success' : 'default'}
                        label={method.enabled ? 'Enabled' : 'Disabled'}
                      />
                    </Stack>
                    <Typography variant="body2" color="text.secondary">
                      {[
                        method.weightBands?.length
                          ? method.weightBands
                              .map((band) => `Up to ${formatGrams(band.upToGrams)} ${formatMoney(band.price.amount, band.price.currency)}`)
                              .join(', ')
                          : formatMoney(method.price.amount, method.price.currency),
                        method.freeOver && `Free over ${formatMoney(method.freeOver.amount, method.freeOver.currency)}`,
                        deliveryDays(method.minDays, method.maxDays),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Typography>
                  </Box>
                  <Box>
                    <Button size="small" variant="outlined" onClick={() => onEditMethod(method)} aria-label={`Edit ${method.name}`}>
                      Edit
                    </Button>
                  </Box>
                </Stack>
              ))}
            </Stack>
          )}

          <Divider />
          <Typography variant="subtitle1" component="h3">
            Tax rates
          </Typography>
          <TaxRates zone={zone} />
        </Stack>
      </CardContent>
    </Card>
  );
}
