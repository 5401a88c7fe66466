import { useState } from 'react';
import { Button, Stack, TextField } from '@mui/material';

interface CodeEntryProps {
  id: string;
  /** The field's label: "Discount code", "Gift card code". */
  label: string;
  /** The Apply button's accessible name, so that two such fields on a page are told apart. */
  applyName: string;
  /** Why the last code was refused, shown under the field. */
  refusal: string | null;
  /** Typing again clears the refusal. */
  onType: () => void;
  /** Applies the code as typed; true when it was taken, and the field empties. */
  onApply: (typed: string) => Promise<boolean>;
}

/** A code typed and applied (a discount code, a gift card): Enter applies it and never submits the order. */
export default function CodeEntry({ id, label, applyName, refusal, onType, onApply }: CodeEntryProps) {
  const [typed, setTyped] = useState('');
  const [applying, setApplying] = useState(false);
  const apply = async () => {
    setApplying(true);
    if (await onApply(typed)) setTyped('');
    setApplying(false);
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextField
        id={id}
        label={label}
        size="small"
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          onType();
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void apply();
          }
        }}
        error={!!refusal}
        helperText={refusal ?? ' '}
        slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
      />
      <Button variant="outlined" aria-label={applyName} onClick={() => void apply()} loading={applying}>
        Apply
      </Button>
    </Stack>
  );
}
