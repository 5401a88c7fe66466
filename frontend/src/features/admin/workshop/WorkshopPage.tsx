import { useState, type FormEvent } from 'react';
import type { ApolloCache } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { Box, Button, Chip, IconButton, Paper, Stack, TableCell, TableRow, TextField, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { engravingPlacementLabel, formatShipDate, lineName, shortOrderId } from '@keen/rules';
import QueryState from '../../../components/QueryState';
import { useConfirmedDelete } from '../../../components/useConfirmedDelete';
import SimpleTable from '../../../components/SimpleTable';
import type { WorkshopQuery as WorkshopAnswer, WorkshopSettingsFieldsFragment } from '../../../gql/graphql';
import { useNotifiedAction } from '../../../lib/useNotifiedAction';
import {
  CloseWorkshopDateMutation,
  ReopenWorkshopDateMutation,
  SetOrderShipByMutation,
  UpdateWorkshopSettingsMutation,
  WorkshopQuery,
} from './operations';

type QueueLine = WorkshopAnswer['workshopQueue'][number];

/** Every settings mutation answers the settings whole: they replace the page's cached ones (no refetch). */
const replaceSettings = (cache: ApolloCache, settings: WorkshopSettingsFieldsFragment | undefined) =>
  settings && cache.updateQuery({ query: WorkshopQuery }, (data) => data && { ...data, workshopSettings: settings });

/** Handling days and weekly capacity (blank: none). */
function SettingsForm({ settings }: { settings: WorkshopSettingsFieldsFragment }) {
  const notified = useNotifiedAction();
  const [handlingDays, setHandlingDays] = useState(String(settings.handlingDays));
  const [capacity, setCapacity] = useState(settings.capacityPerWeek === null ? '' : String(settings.capacityPerWeek));
  const [save, { loading }] = useMutation(UpdateWorkshopSettingsMutation, {
    update: (cache, { data }) => replaceSettings(cache, data?.updateWorkshopSettings),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void notified(
      () =>
        save({
          variables: { input: { handlingDays: Number(handlingDays), capacityPerWeek: capacity.trim() === '' ? null : Number(capacity) } },
        }),
      'Workshop settings saved',
    );
  };
  return (
    <Stack component="form" onSubmit={submit} direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
      <TextField
        label="Handling days"
        type="number"
        size="small"
        value={handlingDays}
        onChange={(event) => setHandlingDays(event.target.value)}
        helperText="Working days an in-stock order takes to ship"
        slotProps={{ htmlInput: { min: 0, max: 30, step: 1 } }}
      />
      <TextField
        label="Capacity per week"
        type="number"
        size="small"
        value={capacity}
        onChange={(event) => setCapacity(event.target.value)}
        helperText="Units of made-to-order work a week; blank for none"
        slotProps={{ htmlInput: { min: 1, step: 1 } }}
      />
      <Button type="submit" variant="contained" disabled={loading}>
        Save
      </Button>
    </Stack>
  );
}

/** Closed dates (holidays, knife shows): no working day counts them. */
function ClosedDates({ settings }: { settings: WorkshopSettingsFieldsFragment }) {
  const notified = useNotifiedAction();
  const [date, setDate] = useState('');
  const [note, setNote] = useState('');
  const [close, { loading: closing }] = useMutation(CloseWorkshopDateMutation, {
    update: (cache, { data }) => replaceSettings(cache, data?.closeWorkshopDate),
  });
  const [reopen, { loading: reopening }] = useMutation(ReopenWorkshopDateMutation, {
    update: (cache, { data }) => replaceSettings(cache, data?.reopenWorkshopDate),
  });
  // Opening a date again moves the estimates that skipped it: asked first.
  const reopenAsk = useConfirmedDelete<{ date: string; note: string }>({
    remove: (closed) => reopen({ variables: { date: closed.date } }),
    busy: reopening,
    deleted: (closed) => `Open again on ${closed.date}`,
    title: (closed) => `Open the workshop again on ${formatShipDate(closed.date, true)}?`,
    confirmLabel: 'Open again',
    describe: (closed) => <Typography>{closed.note || 'No note'}</Typography>,
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await notified(() => close({ variables: { date, note: note.trim() || null } }), `Closed on ${date}`)) {
      setDate('');
      setNote('');
    }
  };
  return (
    <Stack spacing={1}>
      {settings.closedDates.length === 0 ? (
        <Typography color="text.secondary">No closed dates ahead.</Typography>
      ) : (
        <Box component="ul" aria-label="Closed dates" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {settings.closedDates.map((closed) => (
            <Box component="li" key={closed.date} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Typography>
                {formatShipDate(closed.date, true)}
                {closed.note ? `: ${closed.note}` : ''}
              </Typography>
              <IconButton aria-label={`Open again on ${closed.date}`} disabled={reopening} onClick={() => reopenAsk.ask(closed)}>
                <DeleteIcon />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
      {reopenAsk.dialog}
      <Stack component="form" onSubmit={submit} direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label="Closed on"
          type="date"
          size="small"
          required
          value={date}
          onChange={(event) => setDate(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label="Why (optional)"
          size="small"
          value={note}
          onChange={(event) => setNote(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 80 } }}
        />
        <Button type="submit" variant="outlined" disabled={closing || date === ''}>
          Close this date
        </Button>
      </Stack>
    </Stack>
  );
}

/** A queue line's new latest date: the customer is mailed an apology with it. */
function NewDate({ line }: { line: QueueLine }) {
  const notified = useNotifiedAction();
  const [latest, setLatest] = useState('');
  const [setShipBy, { loading }] = useMutation(SetOrderShipByMutation, {
    // The order's lines in the queue take its new window; no longer overdue.
    update: (cache, { data }) => {
      const shipBy = data?.setOrderShipBy.shipBy;
      if (!shipBy) return;
      cache.updateQuery(
        { query: WorkshopQuery },
        (answer) =>
          answer && {
            ...answer,
            workshopQueue: answer.workshopQueue.map((queued) =>
              queued.orderId === line.orderId ? { ...queued, shipBy, overdue: false } : queued,
            ),
          },
      );
    },
  });
  return (
    <Stack
      component="form"
      direction="row"
      spacing={1}
      onSubmit={(event) => {
        event.preventDefault();
        void notified(() => setShipBy({ variables: { orderId: line.orderId, latest } }), 'New date set; the customer is told');
      }}
    >
      <TextField
        label="New ship date"
        type="date"
        size="small"
        required
        value={latest}
        onChange={(event) => setLatest(event.target.value)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-label': `New ship date for order #${shortOrderId(line.orderId)}` } }}
      />
      <Button type="submit" size="small" variant="outlined" disabled={loading || latest === ''}>
        Set
      </Button>
    </Stack>
  );
}

/** /dashboard/workshop: the made-to-order queue by promised date (overdue flagged), the capacity and the closed dates. */
export default function WorkshopPage() {
  const query = useQuery(WorkshopQuery, { fetchPolicy: 'cache-and-network' });
  const settings = query.data?.workshopSettings;
  const queue = query.data?.workshopQueue ?? [];
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        Workshop
      </Typography>
      <QueryState query={query}>
        {settings && (
          <>
            <Paper sx={{ p: 2 }}>
              <Typography variant="h6" component="h2" gutterBottom>
                Lead times
              </Typography>
              <SettingsForm key={`${settings.handlingDays}-${settings.capacityPerWeek}`} settings={settings} />
            </Paper>
            <Paper sx={{ p: 2 }}>
              <Typography variant="h6" component="h2" gutterBottom>
                Closed dates
              </Typography>
              <ClosedDates settings={settings} />
            </Paper>
            <Typography variant="h6" component="h2">
              Queue ({settings.queuedUnits} units to make)
            </Typography>
            {queue.length === 0 ? (
              <Typography color="text.secondary">Nothing made to order is waiting.</Typography>
            ) : (
              <SimpleTable
                label="Made-to-order queue"
                onPaper
                columns={['Order', 'Made to order', 'Engraving', 'Measure', 'Ships by', 'New date']}
              >
                {queue.map((line) => (
                  <TableRow key={line.lineId}>
                    <TableCell>
                      #{shortOrderId(line.orderId)}
                      <Typography variant="body2">{line.customerName}</Typography>
                    </TableCell>
                    <TableCell>
                      {line.queuedQuantity} × {lineName(line.productName, line.variantName)}
                    </TableCell>
                    <TableCell>
                      {line.engravingText
                        ? `“${line.engravingText}” (${line.engravingFont}${line.engravingPlacement ? `, ${engravingPlacementLabel(line.engravingPlacement)}` : ''})`
                        : '—'}
                    </TableCell>
                    <TableCell>{line.customValue ?? '—'}</TableCell>
                    <TableCell>
                      {formatShipDate(line.shipBy.latest, true)}
                      {line.overdue && <Chip size="small" color="error" label="Overdue" sx={{ ml: 1 }} />}
                    </TableCell>
                    <TableCell>
                      <NewDate line={line} />
                    </TableCell>
                  </TableRow>
                ))}
              </SimpleTable>
            )}
          </>
        )}
      </QueryState>
    </Stack>
  );
}
