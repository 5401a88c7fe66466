import { Box, Typography } from '@mui/material';
import { formatPhone, type PostalAddress } from '@keen/rules/address';
import { useAddressFormat } from './addressMetadata';

interface AddressLinesProps {
  address: PostalAddress & { phone?: string | null };
  label?: string;
  /** The country parcels leave from (a packing slip's shop): its own addresses end without the country's name. */
  homeCountry?: string;
}

/** An address as a label prints it, one line each in the country's format, then the phone (nationally written) for the carrier. */
export default function AddressLines({ address, label, homeCountry }: AddressLinesProps) {
  const format = useAddressFormat([address.country], homeCountry);
  return (
    <Box aria-label={label} role={label ? 'group' : undefined}>
      {format(address).map((line, index) => (
        <Typography key={index} variant="body2">
          {line}
        </Typography>
      ))}
      {address.phone && (
        <Typography variant="body2" color="text.secondary">
          {formatPhone(address.phone, address.country)}
        </Typography>
      )}
    </Box>
  );
}
