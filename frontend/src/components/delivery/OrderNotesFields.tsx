import { Stack, TextField, Typography } from '@mui/material';
import { GIFT_MESSAGE, WORKSHOP_NOTE } from '@keen/rules';
import type { OrderNotes, OrderNotesState } from './useOrderNotes';

interface OrderNotesFieldsProps {
  notes: OrderNotesState;
  idPrefix: string;
}

const FIELDS: { field: keyof OrderNotes; rule: { label: string; maxLength: number }; hint: string }[] = [
  { field: 'giftMessage', rule: GIFT_MESSAGE, hint: 'Printed on a gift slip in the parcel, without prices' },
  { field: 'workshopNote', rule: WORKSHOP_NOTE, hint: 'For our engravers and packers; never sent to anyone' },
];

/** The checkout's optional gift message and note to the workshop, each with its characters counted against its limit. */
export default function OrderNotesFields({ notes, idPrefix }: OrderNotesFieldsProps) {
  return (
    <Stack spacing={2} component="section" aria-labelledby={`${idPrefix}-notes-heading`}>
      <Typography variant="h6" component="h2" id={`${idPrefix}-notes-heading`}>
        Gift message and notes
      </Typography>
      {FIELDS.map(({ field, rule, hint }) => {
        const error = notes.error(field);
        return (
          <TextField
            key={field}
            id={`${idPrefix}-${field}`}
            label={`${rule.label} (optional)`}
            value={notes.values[field]}
            onChange={(event) => notes.set(field, event.target.value)}
            multiline
            minRows={2}
            fullWidth
            error={!!error}
            helperText={`${error ?? hint} · ${notes.values[field].length} / ${rule.maxLength}`}
          />
        );
      })}
    </Stack>
  );
}
