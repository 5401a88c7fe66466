import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { shortOrderId } from '@keen/rules';
import EngravingText from '../../../components/engraving/EngravingText';
import PhotoAttachments from '../../../components/PhotoAttachments';
import QueryState from '../../../components/QueryState';
import { useFullScreenDialog } from '../../../components/useFullScreenDialog';
import { errorMessage } from '../../../lib/errors';
import { answeredText, PROOF_STATUS_LABELS, proofsByLine } from '../../../lib/proofs';
import { uploadImage } from '../../../lib/upload';
import { lineName } from '../../../lib/variants';
import { currentToken } from '../adminApi';
import { AdminOrderProofsQuery, SendOrderProofMutation } from './operations';

/** The most photos one proof round carries (the server's limit). */
const MAX_PROOF_PHOTOS = 6;

/**
 * Proofs of an order awaiting them: each engraved line with its rounds so far; a line without an
 * open round takes the next one (photos of a test engraving or the preview, and a note).
 */
export default function SendProofDialog({ orderId, onClose }: { orderId: string | null; onClose: () => void }) {
  const fullScreen = useFullScreenDialog();
  const { enqueueSnackbar } = useSnackbar();
  const query = useQuery(AdminOrderProofsQuery, { variables: { id: orderId ?? '' }, skip: !orderId });
  const [sendProof, { loading: sending }] = useMutation(SendOrderProofMutation);
  const [lineId, setLineId] = useState<string | null>(null);
  const [photos, setPhotos] = useState<string[]>([]);
  const [note, setNote] = useState('');
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const order = query.data?.order;
  const byLine = proofsByLine(order?.proofs ?? []);
  const proofLines = order?.lines.filter((line) => line.proofRequired) ?? [];
  // A line takes a new round unless it is approved or its latest round waits for the customer.
  const needsRound = (id: string) => {
    const latest = byLine.get(id)?.latest;
    return !latest || latest.status === 'ChangesRequested';
  };
  const chosen = lineId ?? proofLines.find((line) => needsRound(line.id))?.id ?? null;

  function close() {
    setLineId(null);
    setPhotos([]);
    setNote('');
    setFailure(null);
    onClose();
  }

  async function addPhoto(file: File | undefined) {
    if (!file) return;
    setFailure(null);
    setUploading(true);
    try {
      const url = await uploadImage(file, { token: await currentToken() });
      setPhotos((current) => [...current, url]);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setUploading(false);
    }
  }

  async function send() {
    if (!orderId || !chosen) return;
    setFailure(null);
    try {
      await sendProof({ variables: { input: { orderId, lineId: chosen, imageUrls: photos, note: note.trim() || null } } });
      enqueueSnackbar('Proof sent: the customer has it by e-mail', { variant: 'success' });
      close();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  return (
    <Dialog open={orderId !== null} onClose={close} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="send-proof-title">
      <DialogTitle id="send-proof-title">Engraving proofs{orderId ? ` of order #${shortOrderId(orderId)}` : ''}</DialogTitle>
      <DialogContent>
        <QueryState query={query}>
          <Stack spacing={2}>
            {proofLines.map((line) => {
              const { rounds = [], latest = null } = byLine.get(line.id) ?? {};
              const name = lineName(line.name, line.variantName);
              return (
                <Box key={line.id} component="section" aria-label={`Proofs for ${name}`}>
                  <Typography variant="subtitle1" component="h3">
                    {line.quantity} x {name}
                  </Typography>
                  <EngravingText engraving={line.engraving} />
                  {rounds.length === 0 && <Typography variant="body2">No proof sent yet.</Typography>}
                  {rounds.map((round) => (
                    <Typography key={round.id} variant="body2">
                      Version {round.version}:{' '}
                      {round.status === 'Open' ? 'sent, waiting for the customer' : PROOF_STATUS_LABELS[round.status]} {answeredText(round)}
                      {round.comment && ` ("${round.comment}")`}
                    </Typography>
                  ))}
                  {needsRound(line.id) && proofLines.length > 1 && (
                    <Button
                      size="small"
                      variant={chosen === line.id ? 'contained' : 'outlined'}
                      onClick={() => setLineId(line.id)}
                      sx={{ mt: 0.5 }}
                    >
                      {chosen === line.id ? 'Sending this line' : 'Send this line'}
                    </Button>
                  )}
                  {latest?.status === 'Approved' && (
                    <Typography variant="body2" sx={{ color: 'success.main' }}>
                      Approved: it may be engraved.
                    </Typography>
                  )}
                </Box>
              );
            })}
            {chosen ? (
              <>
                <Typography variant="body2">
                  Version {(byLine.get(chosen)?.rounds.length ?? 0) + 1} of {order?.lines.find((line) => line.id === chosen)?.name}: photos
                  of a test engraving or of the preview, showing the exact text, font and placement.
                </Typography>
                <PhotoAttachments
                  kind="Proof photo"
                  photos={photos}
                  max={MAX_PROOF_PHOTOS}
                  uploading={uploading}
                  addLabel="Add a photo"
                  onFile={(file) => void addPhoto(file)}
                  onRemove={(url) => setPhotos((current) => current.filter((photo) => photo !== url))}
                />
                <TextField
                  label="Note to the customer"
                  value={note}
                  onChange={(event) => setNote(event.target.value)}
                  multiline
                  minRows={2}
                  fullWidth
                />
              </>
            ) : (
              order && <Typography>Every proof is approved or waiting for the customer&apos;s answer.</Typography>
            )}
            {failure && <Alert severity="error">{failure}</Alert>}
          </Stack>
        </QueryState>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Close</Button>
        {chosen && (
          <Button variant="contained" onClick={() => void send()} disabled={photos.length === 0 || uploading} loading={sending}>
            Send proof
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
