import { Chip } from '@mui/material';

/** The age the shop sells blades from unless a product asks more (the server's BLADE_MINIMUM_AGE default). */
const DEFAULT_MINIMUM_AGE = 18;

interface AgeRestrictedChipProps {
  /** The product as the shop has it; nothing is shown while it is unknown. */
  product: { ageRestricted: boolean; minimumAge?: number | null } | null | undefined;
}

/** "18+" beside an age-restricted product (a bladed article), its own minimum age when higher; nothing otherwise. */
export default function AgeRestrictedChip({ product }: AgeRestrictedChipProps) {
  if (!product?.ageRestricted) return null;
  const age = product.minimumAge ?? DEFAULT_MINIMUM_AGE;
  return (
    <Chip
      label={`${age}+`}
      aria-label={`Age-restricted: ${age} or over`}
      role="img"
      size="small"
      color="warning"
      variant="outlined"
      sx={{ fontWeight: 600 }}
    />
  );
}
