import { useId, useState } from 'react';
import { Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useNotifiedAction } from '../../../lib/useNotifiedAction';
import { downloadCsv } from '../adminApi';

/** Today (UTC, as the server counts the days), YYYY-MM-DD. */
const today = () => new Date().toISOString().slice(0, 10);
/** The first day of this month (UTC). */
const monthStart = () => `${today().slice(0, 8)}01`;

/** The age evidence log of a date range as CSV: every age check, and every placing and shipping of an age-restricted order. */
export default function EvidenceExport() {
  const headingId = useId();
  const notified = useNotifiedAction();
  const [range, setRange] = useState(() => ({ from: monthStart(), to: today() }));
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    await notified(() => downloadCsv('age-checks', new URLSearchParams(range).toString()));
    setBusy(false);
  }

  return (
    <Card component="section" variant="outlined" aria-labelledby={headingId}>
      <CardContent>
        <Typography variant="h6" component="h2" id={headingId}>
          Age evidence
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Every age check, and every placing and shipping of an age-restricted order, for the days you choose (UTC): the precautions the
          shop took, if it is ever asked. Never a date of birth.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            type="date"
            size="small"
            label="From"
            value={range.from}
            onChange={(event) => setRange({ ...range, from: event.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="date"
            size="small"
            label="To"
            value={range.to}
            onChange={(event) => setRange({ ...range, to: event.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button variant="outlined" onClick={download} disabled={busy || !range.from || !range.to}>
            Download CSV
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
