import { Box, Typography } from '@mui/material';
import { engravingPlacementLabel } from '@keen/rules';
import { engravingFontFamily } from './fonts';

interface EngravingTextProps {
  engraving: { text: string; font: string; placement?: string | null } | null | undefined;
  /** Shown before the text, e.g. "Engraving:". */
  label?: string;
}

/** An order's engraving, written in its own font, and where it goes; nothing for an order without one. */
export default function EngravingText({ engraving, label = 'Engraving:' }: EngravingTextProps) {
  if (!engraving) return null;
  return (
    <Typography component="span" variant="body2" sx={{ display: 'inline-flex', alignItems: 'baseline', gap: 0.75 }}>
      {label && <span>{label}</span>}
      <Box component="span" data-font={engraving.font} sx={{ fontFamily: engravingFontFamily(engraving.font), fontSize: '1.25em' }}>
        {engraving.text}
      </Box>
      {engraving.placement && <span>on the {engravingPlacementLabel(engraving.placement)}</span>}
    </Typography>
  );
}
