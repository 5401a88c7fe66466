import { useMemo, useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Stack, Typography } from '@mui/material';
import QueryState from '../../../components/QueryState';
import { useConfirmedDelete } from '../../../components/useConfirmedDelete';
import type { ShippingMethodFieldsFragment, ShippingZoneFieldsFragment } from '../../../gql/graphql';
import { useShop } from '../../../lib/money';
import MethodDialog from './MethodDialog';
import { DeleteShippingZoneMutation, ShippingZonesQuery } from './operations';
import TaxProviderCard from './TaxProviderCard';
import ZoneCard from './ZoneCard';
import ZoneDialog from './ZoneDialog';

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });

/** What deleting a zone takes with it, and where the shop ships afterwards. */
function deletionOf(zone: ShippingZoneFieldsFragment, lastZone: boolean) {
  const methods = zone.methods.length === 1 ? 'its delivery method' : `its ${zone.methods.length} delivery methods`;
  const after = lastZone
    ? 'With no zone left, the shop ships anywhere, free and untaxed.'
    : 'Orders to its countries are refused until they are in another zone.';
  return `${zone.name} goes with ${methods} and its tax rates. ${after}`;
}

/** /dashboard/shipping: where the shop delivers (zones of countries), by which methods at what price, and the tax rates. */
export default function ShippingPage() {
  const { pricesIncludeTax } = useShop();
  const query = useQuery(ShippingZonesQuery, { fetchPolicy: 'cache-and-network' });
  const zones = useMemo(() => [...(query.data?.shippingZones ?? [])].sort(byName), [query.data]);
  // Each dialog keeps what it edits while it fades out.
  const [zoneDialog, setZoneDialog] = useState<{ open: boolean; zone: ShippingZoneFieldsFragment | null }>({ open: false, zone: null });
  const [methodDialog, setMethodDialog] = useState<{
    open: boolean;
    zone: ShippingZoneFieldsFragment | null;
    method: ShippingMethodFieldsFragment | null;
  }>({ open: false, zone: null, method: null });

  const [deleteZone, deletion] = useMutation(DeleteShippingZoneMutation, {
    update: (cache, { data }) => {
      if (!data) return;
      const id = data.deleteShippingZone;
      cache.updateQuery({ query: ShippingZonesQuery }, (list) =>
        list ? { shippingZones: list.shippingZones.filter((zone) => zone.id !== id) } : list,
      );
      cache.evict({ id: cache.identify({ __typename: 'ShippingZone', id }) });
      cache.gc();
    },
  });
  const deleting = useConfirmedDelete<ShippingZoneFieldsFragment>({
    remove: (zone) => deleteZone({ variables: { id: zone.id } }),
    busy: deletion.loading,
    title: (zone) => `Delete the zone ${zone.name}?`,
    describe: (zone) => deletionOf(zone, zones.length === 1),
    deleted: (zone) => `${zone.name} deleted`,
  });

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography variant="h5" component="h1">
          Shipping and tax
        </Typography>
        <Button variant="contained" onClick={() => setZoneDialog({ open: true, zone: null })}>
          Add zone
        </Button>
      </Stack>
      <Typography color="text.secondary">
        A zone is a set of countries with its delivery methods and tax rates. Once a zone exists, the shop ships only to the countries of
        its zones, by their enabled methods.{' '}
        {pricesIncludeTax
          ? 'Product prices include tax: the rate of a product’s tax category says how much of its price is tax.'
          : 'Tax is added to product prices at checkout, at the rate of each product’s tax category.'}
      </Typography>
      <TaxProviderCard />
      <QueryState
        query={query}
        empty={zones.length === 0 && 'No shipping zones yet: the shop ships anywhere, free and untaxed, until you add a zone.'}
      >
        <Stack spacing={2}>
          {zones.map((zone) => (
            <ZoneCard
              key={zone.id}
              zone={zone}
              onEdit={() => setZoneDialog({ open: true, zone })}
              onDelete={() => deleting.ask(zone)}
              onAddMethod={() => setMethodDialog({ open: true, zone, method: null })}
              onEditMethod={(method) => setMethodDialog({ open: true, zone, method })}
            />
          ))}
        </Stack>
      </QueryState>

      <ZoneDialog open={zoneDialog.open} zone={zoneDialog.zone} onClose={() => setZoneDialog({ ...zoneDialog, open: false })} />
      <MethodDialog
        open={methodDialog.open}
        zone={methodDialog.zone}
        method={methodDialog.method}
        onClose={() => setMethodDialog({ ...methodDialog, open: false })}
      />
      {deleting.dialog}
    </Stack>
  );
}
