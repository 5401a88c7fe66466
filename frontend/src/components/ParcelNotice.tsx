import { Box, Typography } from '@mui/material';

/**
 * The notice an age-restricted order's parcel carries (Offensive Weapons Act 2019, s.38), in large
 * type on the packing slip and the engraving sheet: the server's words, with the destination's age.
 */
export default function ParcelNotice({ notice }: { notice: string }) {
  return (
    <Box role="note" aria-label="Parcel notice" sx={{ border: '4px solid #000', borderRadius: 1, p: { xs: 1.5, sm: 2.5 }, my: 3 }}>
      <Typography component="p" sx={{ fontSize: { xs: '1.5rem', sm: '2.25rem' }, fontWeight: 800, lineHeight: 1.2, color: '#000' }}>
        {notice}
      </Typography>
    </Box>
  );
}
