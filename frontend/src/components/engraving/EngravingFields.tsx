import type { ChangeEventHandler, FocusEventHandler } from 'react';
import { Box, Stack, TextField, Typography } from '@mui/material';
import EngravingPreview from './EngravingPreview';
import { engravingLength } from '@keen/rules';
import type { MoneyValue } from '../../lib/money';

interface EngravingFieldsProps {
  text: string;
  font: string;
  fonts: readonly { id: string; name: string }[];
  maxLength: number;
  /** Surcharge per unit. */
  surcharge: MoneyValue;
  error?: string;
  /** Inputs are named engravingText and engravingFont, for formik's handleChange. */
  onChange: ChangeEventHandler<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>;
  onBlur: FocusEventHandler;
}

/** The purchase form's optional engraving: text, font and a live preview on the blade. */
export default function EngravingFields({ text, font, fonts, maxLength, surcharge, error, onChange, onBlur }: EngravingFieldsProps) {
  return (
    <Stack spacing={2} component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0 }}>
      <Typography component="legend" sx={{ px: 0.5 }}>
        Engraving (optional{surcharge.amount > 0 ? `, +${surcharge.formatted} per unit` : ''})
      </Typography>
      <TextField
        id="purchase-engraving-text"
        label="Engraving text"
        name="engravingText"
        value={text}
        onChange={onChange}
        onBlur={onBlur}
        error={!!error}
        helperText={error ?? `${engravingLength(text)}/${maxLength} characters`}
        fullWidth
      />
      <TextField
        id="purchase-engraving-font"
        label="Font"
        name="engravingFont"
        select
        value={font}
        onChange={onChange}
        onBlur={onBlur}
        slotProps={{ select: { native: true } }}
        fullWidth
      >
        {fonts.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </TextField>
      <Box sx={{ bgcolor: '#0d0f12', borderRadius: 1, p: 1 }}>
        <EngravingPreview text={text} font={font} />
      </Box>
    </Stack>
  );
}
