import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Divider, Link, Stack, TextField, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useNavigate } from 'react-router-dom';
import QueryState from '../../../components/QueryState';
import { errorMessage } from '../../../lib/errors';
import { shortOrderId } from '@keen/rules';
import { useSubmitOnce } from '../../../lib/submitOnce';
import { KIND_LABELS, type ProductFromMessage, STATUS_LABELS } from './labels';
import { AdminMessageQuery, ArchiveMessageMutation, ReplyToMessageMutation } from './operations';
import QuoteDialog from './QuoteDialog';

/** The longest reply the server takes (backend: REPLY_MAX_LENGTH). */
const REPLY_MAX_LENGTH = 5000;

/**
 * One contact message: everything the sender gave, its photos, staff's replies, and a reply form
 * (the reply is e-mailed to the sender and kept here). Archive puts it away (or brings it back);
 * a commission can become a custom product, prefilled from the message, or a private quote (QuoteDialog).
 */
export default function MessageDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const query = useQuery(AdminMessageQuery, { variables: { id } });
  const [reply, setReply] = useState('');
  const [replyError, setReplyError] = useState<string | null>(null);
  const [quoting, setQuoting] = useState(false);
  const refetchQueries = ['AdminMessages'];
  const [replyToMessage] = useMutation(ReplyToMessageMutation, { refetchQueries });
  const [archiveMessage, archiving] = useMutation(ArchiveMessageMutation, { refetchQueries });
  const message = query.data?.message;

  const { sending, onSubmit } = useSubmitOnce(async () => {
    if (!reply.trim()) {
      setReplyError('Reply is Required');
      return;
    }
    setReplyError(null);
    try {
      await replyToMessage({ variables: { id, text: reply.trim() } });
      setReply('');
      enqueueSnackbar(`Reply sent to ${message?.email ?? 'the sender'}`, { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    }
  });

  async function toggleArchived() {
    if (!message) return;
    const archived = message.status !== 'ARCHIVED';
    try {
      await archiveMessage({ variables: { id, archived } });
      enqueueSnackbar(archived ? 'Message archived' : 'Message brought back', { variant: 'success' });
      if (archived) onClose();
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    }
  }

  function makeProduct() {
    if (!message) return;
    const fromMessage: ProductFromMessage = {
      name: `Commission for ${message.name}`.slice(0, 100),
      description: message.message,
      photos: message.photos,
    };
    navigate('/dashboard/addProduct', { state: { fromMessage } });
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="message-dialog-title">
      <DialogTitle id="message-dialog-title">{message ? `${KIND_LABELS[message.kind]} from ${message.name}` : 'Message'}</DialogTitle>
      <DialogContent>
        <QueryState query={query}>
          {message && (
            <Stack spacing={2}>
              <Typography variant="body2" color="text.secondary">
                {STATUS_LABELS[message.status]} · received {new Date(message.createdAt).toLocaleString()} ·{' '}
                <Link href={`mailto:${message.email}`}>{message.email}</Link> (not verified)
              </Typography>
              {message.productName && <Typography>Knife: {message.productName}</Typography>}
              {message.budget && <Typography>Budget: {message.budget.formatted}</Typography>}
              {message.quoteOrderId && (
                <Typography>Private quote: order #{shortOrderId(message.quoteOrderId)}, its payment link e-mailed to the sender</Typography>
              )}
              <Typography sx={{ whiteSpace: 'pre-wrap' }}>{message.message}</Typography>
              {message.photos.length > 0 && (
                <Stack direction="row" spacing={1} component="ul" aria-label="Reference photos" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                  {message.photos.map((url, index) => (
                    <li key={url}>
                      <Link href={url} target="_blank" rel="noopener">
                        <Box
                          component="img"
                          src={url}
                          alt={`Reference photo ${index + 1} from ${message.name}`}
                          sx={{ width: 140, height: 140, objectFit: 'cover', borderRadius: 1 }}
                        />
                      </Link>
                    </li>
                  ))}
                </Stack>
              )}
              <Divider />
              <Typography variant="h6" component="h2">
                Replies
              </Typography>
              {message.replies.length === 0 ? (
                <Typography color="text.secondary">No reply yet.</Typography>
              ) : (
                <Stack spacing={1} component="ol" aria-label="Replies" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                  {message.replies.map((sent) => (
                    <Box component="li" key={sent.id} sx={{ borderLeft: 2, borderColor: 'divider', pl: 2 }}>
                      <Typography variant="body2" color="text.secondary">
                        {sent.repliedBy}, {new Date(sent.createdAt).toLocaleString()}
                      </Typography>
                      <Typography sx={{ whiteSpace: 'pre-wrap' }}>{sent.text}</Typography>
                    </Box>
                  ))}
                </Stack>
              )}
              <Box component="form" noValidate onSubmit={onSubmit}>
                <Stack spacing={1}>
                  <TextField
                    id="message-reply"
                    label="Your reply"
                    multiline
                    minRows={4}
                    value={reply}
                    onChange={(event) => setReply(event.target.value)}
                    error={!!replyError}
                    helperText={replyError ?? `E-mailed to ${message.email} from the shop's address; their message is not quoted`}
                    slotProps={{ htmlInput: { maxLength: REPLY_MAX_LENGTH } }}
                    fullWidth
                  />
                  <Box>
                    <Button type="submit" variant="contained" loading={sending}>
                      Send reply
                    </Button>
                  </Box>
                </Stack>
              </Box>
            </Stack>
          )}
        </QueryState>
      </DialogContent>
      <DialogActions>
        {message?.kind === 'COMMISSION' && <Button onClick={makeProduct}>Make a custom product</Button>}
        {message?.kind === 'COMMISSION' && <Button onClick={() => setQuoting(true)}>Make a private quote</Button>}
        {message && (
          <Button onClick={toggleArchived} disabled={archiving.loading}>
            {message.status === 'ARCHIVED' ? 'Unarchive' : 'Archive'}
          </Button>
        )}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
      {quoting && message && <QuoteDialog message={message} onClose={() => setQuoting(false)} />}
    </Dialog>
  );
}
