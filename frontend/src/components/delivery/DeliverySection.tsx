import type { ReactNode } from 'react';
import {
  Alert,
  Box,
  Checkbox,
  CircularProgress,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import { formatAddressLines } from '@keen/rules/address';
import AddressFields from '../address/AddressFields';
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

/** "Deliver to": the saved addresses and "New address", or the new address's form alone when none is saved. */
export function DeliverTo({ delivery, idPrefix }: DeliverySectionProps) {
  const id = (part: string) => `${idPrefix}-${part}`;
  const isNew = delivery.chosen === NEW_ADDRESS;
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend" id={id('deliver-to')} sx={{ mb: 1 }}>
        Deliver to
      </FormLabel>
      {delivery.addresses.length > 0 && (
        <RadioGroup aria-labelledby={id('deliver-to')} value={delivery.chosen} onChange={(event) => delivery.choose(event.target.value)}>
          {delivery.addresses.map((address) => {
            const [name, ...rest] = formatAddressLines(address);
            return (
              <FormControlLabel
                key={address.id}
                value={address.id}
                control={<Radio />}
                sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { pt: 0.5 } }}
                label={
                  <>
                    <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
                      {name}
                    </Typography>{' '}
                    <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                      {rest.join(', ')}
                    </Typography>
                  </>
                }
              />
            );
          })}
          <FormControlLabel value={NEW_ADDRESS} control={<Radio />} label="New address" />
        </RadioGroup>
      )}
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
    </FormControl>
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
        <FormControl component="fieldset">
          <FormLabel component="legend" id={legendId} sx={{ mb: 1 }}>
            Shipping method
          </FormLabel>
          <RadioGroup aria-labelledby={legendId} value={delivery.option.id} onChange={(event) => delivery.chooseMethod(event.target.value)}>
            {delivery.options.map((option) => (
              <FormControlLabel
                key={option.id}
                value={option.id}
                control={<Radio />}
                label={
                  <>
                    <Typography component="span" sx={{ fontWeight: 600 }}>
                      {option.name}
                    </Typography>
                    <Typography component="span" color="text.secondary">
                      {`, ${deliveryTime(option)}, ${option.price.amount === 0 ? 'Free' : option.price.formatted}`}
                    </Typography>
                  </>
                }
              />
            ))}
          </RadioGroup>
        </FormControl>
      );
  }
}
