import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';

/** Shows a new secret once, with a Copy button: Keen keeps only a hash (keys) or never shows it again (webhooks). */
export default function SecretOnceDialog({ title, secret, onClose }: { title: string; secret: string | null; onClose: () => void }) {
  const [copied, setCopied] = useState(false);

  async function copy() {
    if (!secret) return;
    await navigator.clipboard.writeText(secret);
    setCopied(true);
  }

  return (
    <Dialog
      open={secret !== null}
      onClose={onClose}
      aria-labelledby="secret-dialog-title"
      fullWidth
      maxWidth="sm"
      slotProps={{ transition: { onExited: () => setCopied(false) } }}
    >
      <DialogTitle id="secret-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="warning">Copy it now: it is shown only once and cannot be seen again.</Alert>
          <TextField
            label="Secret"
            value={secret ?? ''}
            fullWidth
            slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'new-secret', style: { fontFamily: 'monospace' } } }}
            onFocus={(event) => event.target.select()}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={copy}>
          {copied ? 'Copied' : 'Copy'}
        </Button>
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}
