import { Box, Typography } from '@mui/material';
import { formatAddressLines, type PostalAddress } from '@keen/rules/address';

/** An address as a label prints it, one line each in the country's order, then the phone for the carrier. */
export default function AddressLines({ address, label }: { address: PostalAddress & { phone?: string | null }; label?: string }) {
  return (
    <Box aria-label={label} role={label ? 'group' : undefined}>
      {formatAddressLines(address).map((line, index) => (
        <Typography key={index} variant="body2">
          {line}
        </Typography>
      ))}
      {address.phone && (
        <Typography variant="body2" color="text.secondary">
          {address.phone}
        </Typography>
      )}
    </Box>
  );
}
