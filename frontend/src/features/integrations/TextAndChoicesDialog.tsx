import { useId, useState } from 'react';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Stack,
  TextField,
} from '@mui/material';
import { errorMessage } from '../../lib/errors';

interface TextAndChoicesDialogProps {
  open: boolean;
  title: string;
  /** The text field: its label, the message when it is left empty, and what else the input takes. */
  text: { label: string; required: string; type?: string; placeholder?: string };
  /** The checkboxes: their legend, the options, and the message when none is ticked. */
  choices: { legend: string; options: readonly string[]; required: string };
  submitLabel: string;
  busy: boolean;
  /** Creates the thing with the trimmed text and the ticked options; a refusal's message shows in the dialog. */
  onSubmit: (text: string, chosen: string[]) => Promise<void>;
  onClose: () => void;
}

/** Creating an integration (an API key, a webhook endpoint): one text field and a set of checkboxes. */
export default function TextAndChoicesDialog({
  open,
  title,
  text,
  choices,
  submitLabel,
  busy,
  onSubmit,
  onClose,
}: TextAndChoicesDialogProps) {
  const titleId = useId();
  const [value, setValue] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  function toggle(option: string) {
    setChosen((ticked) => (ticked.includes(option) ? ticked.filter((o) => o !== option) : [...ticked, option]));
  }

  async function submit() {
    if (!value.trim()) return setProblem(text.required);
    if (chosen.length === 0) return setProblem(choices.required);
    try {
      await onSubmit(value.trim(), chosen);
      setValue('');
      setChosen([]);
      setProblem(null);
    } catch (failure) {
      setProblem(errorMessage(failure));
    }
  }

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={text.label}
            type={text.type}
            placeholder={text.placeholder}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            required
            fullWidth
            autoFocus
          />
          <FormControl component="fieldset" error={problem !== null}>
            <FormLabel component="legend">{choices.legend}</FormLabel>
            <FormGroup>
              {choices.options.map((option) => (
                <FormControlLabel
                  key={option}
                  control={<Checkbox checked={chosen.includes(option)} onChange={() => toggle(option)} />}
                  label={option}
                />
              ))}
            </FormGroup>
            {problem && <FormHelperText role="alert">{problem}</FormHelperText>}
          </FormControl>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={submit} disabled={busy}>
          {submitLabel}
        </Button>
        <Button onClick={onClose}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
}
