import type { ReactNode } from 'react';
import { Alert, Box, Checkbox, CircularProgress, FormControlLabel, Stack, Typography } from '@mui/material';
import AddressFields from '../address/AddressFields';
import { useAddressFormat } from '../address/addressMetadata';
import RadioFieldset, { type RadioOption } from '../RadioFieldset';
import { type Delivery, NEW_ADDRESS } from './useDelivery';

interface DeliverySectionProps {
  delivery: Delivery;
  /** Prefixes the inputs' ids (two forms never share a page, but their ids stay apart). */
  idPrefix: string;
  /** Offered beside a refusal of the address (the checkout's "Remove from cart" for lines a country refuses). */
  refusedAction?: ReactNode;
}

/** "2–4 days", or "1 day" when the method names one. */
const deliveryTime = ({ minDays, maxDays }: { minDays: number; maxDays: number }) =>
  minDays === maxDays ? `${minDays} ${minDays === 1 ? 'day' : 'days'}` : `${minDays}–${maxDays} days`;

/**
 * Where to deliver and how: the saved addresses (or a new one, which may be saved), then the
 * shipping methods for that address with their price and delivery time. Driven by `useDelivery`.
 */
export default function DeliverySection(props: DeliverySectionProps) {
  return (
    <Stack spacing={2}>
      <DeliverTo {...props} />
      <ShippingMethods {...props} />
    </Stack>
  );
}

/** A saved address to deliver to: its name, then the rest on one line. */
function addressOption(lines: string[], address: Delivery['addresses'][number]): RadioOption {
  const [name, ...rest] = lines;
  return {
    value: address.id,
    sx: { alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { pt: 0.5 } },
    label: (
      <>
        <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
          {name}
        </Typography>{' '}
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
          {rest.join(', ')}
        </Typography>
      </>
    ),
  };
}

/** "Deliver to": the saved addresses and "New address", or the new address's form alone when none is saved. */
export function DeliverTo({ delivery, idPrefix }: DeliverySectionProps) {
  const id = (part: string) => `${idPrefix}-${part}`;
  const isNew = delivery.chosen === NEW_ADDRESS;
  const format = useAddressFormat(delivery.addresses.map((address) => address.country));
  const options =
    delivery.addresses.length === 0
      ? []
      : [...delivery.addresses.map((address) => addressOption(format(address), address)), { value: NEW_ADDRESS, label: 'New address' }];
  return (
    <RadioFieldset
      legendId={id('deliver-to')}
      legend="Deliver to"
      legendSx={{ mb: 1 }}
      value={delivery.chosen}
      onChange={delivery.choose}
      options={options}
    >
      {isNew && (
        <Box sx={{ pt: delivery.addresses.length > 0 ? 1 : 1.5 }}>
          <AddressFields formik={delivery.form} idPrefix={id('address')} preferredCountries={delivery.preferredCountries} />
          {delivery.canSave && (
            <FormControlLabel
              control={<Checkbox checked={delivery.save} onChange={(event) => delivery.setSave(event.target.checked)} />}
              label="Save this address"
            />
          )}
        </Box>
      )}
    </RadioFieldset>
  );
}

/** "Shipping method": the options for the address, or why there are none yet (incomplete, loading, refused). */
export function ShippingMethods({ delivery, idPrefix, refusedAction }: DeliverySectionProps) {
  const legendId = `${idPrefix}-shipping-method`;
  switch (delivery.status) {
    case 'incomplete':
      return (
        <Typography color="text.secondary">
          {delivery.waitingForLines
            ? 'Shipping is priced once the order above is complete.'
            : 'Enter the delivery address to see the shipping options.'}
        </Typography>
      );
    case 'loading':
      return (
        <Stack direction="row" spacing={1} role="status" sx={{ alignItems: 'center' }}>
          <CircularProgress size={20} aria-hidden />
          <Typography>Finding shipping options…</Typography>
        </Stack>
      );
    case 'refused':
      return (
        <Alert severity="error" action={refusedAction}>
          {delivery.refused}
        </Alert>
      );
    case 'ready':
      // A shop without shipping zones offers no choice: its orders ship free.
      if (delivery.noZones || !delivery.option) return null;
      return (
        <>
          <RadioFieldset
            legendId={legendId}
            legend="Shipping method"
            legendSx={{ mb: 1 }}
            value={delivery.option.id}
            onChange={delivery.chooseMethod}
            options={delivery.options.map((option) => ({
              value: option.id,
              label: (
                <>
                  <Typography component="span" sx={{ fontWeight: 600 }}>
                    {option.name}
                  </Typography>
                  <Typography component="span" color="text.secondary">
                    {`, ${deliveryTime(option)}, ${option.price.amount === 0 ? 'Free' : option.price.formatted}`}
                  </Typography>
                </>
              ),
            }))}
          />
          {delivery.notOffered.map((reason) => (
            <Typography key={reason} variant="body2" color="text.secondary">
              {reason}
            </Typography>
          ))}
        </>
      );
  }
}
