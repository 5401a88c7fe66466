import type { ChangeEventHandler, FocusEventHandler } from 'react';
import {
  Box,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import EngravingPreview from './EngravingPreview';
import { engravingLength, engravingPlacementLabel } from '@keen/rules';
import type { MoneyValue } from '../../lib/money';

interface EngravingFieldsProps {
  text: string;
  font: string;
  /** The placement chosen ('' for none yet) and the product's placements. */
  placement: string;
  placements: readonly string[];
  placementError?: string;
  fonts: readonly { id: string; name: string }[];
  maxLength: number;
  /** Surcharge per unit. */
  surcharge: MoneyValue;
  error?: string;
  /** Inputs are named engravingText, engravingFont and engravingPlacement, for formik's handleChange. */
  onChange: ChangeEventHandler<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>;
  onBlur: FocusEventHandler;
}

/** The purchase form's optional engraving: text, font and a live preview on the blade. */
export default function EngravingFields({
  text,
  font,
  placement,
  placements,
  placementError,
  fonts,
  maxLength,
  surcharge,
  error,
  onChange,
  onBlur,
}: EngravingFieldsProps) {
  // One placement is no choice: it is named; several are a radio group (arrow keys move between them).
  const shown = placement || (placements.length === 1 ? placements[0] : (placements[0] ?? 'BladeLeft'));
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
      {placements.length > 1 ? (
        <FormControl error={!!placementError}>
          <FormLabel id="purchase-engraving-placement-label">Where it goes</FormLabel>
          <RadioGroup
            row
            aria-labelledby="purchase-engraving-placement-label"
            name="engravingPlacement"
            value={placement}
            onChange={onChange}
            onBlur={onBlur}
          >
            {placements.map((option) => (
              <FormControlLabel key={option} value={option} control={<Radio />} label={engravingPlacementLabel(option)} />
            ))}
          </RadioGroup>
          {placementError && <FormHelperText>{placementError}</FormHelperText>}
        </FormControl>
      ) : (
        <Typography variant="body2">Engraved on the {engravingPlacementLabel(shown)}</Typography>
      )}
      <Box sx={{ bgcolor: '#0d0f12', borderRadius: 1, p: 1 }}>
        <EngravingPreview text={text} font={font} placement={shown} />
      </Box>
    </Stack>
  );
}
