import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import PhotoFileButton from '../../../components/PhotoFileButton';
import { errorMessage } from '../../../lib/errors';
import { uploadImage } from '../../../lib/upload';
import { currentToken } from '../adminApi';
import { UpdateProductVariantMutation } from './operations';
import type { Variant } from './optionsDraft';
import { variantLabel } from './variantLabel';

interface VariantPhotoDialogProps {
  /** The variant whose photo to change; null keeps the dialog closed. */
  variant: Variant | null;
  onClose: () => void;
}

/**
 * A variant's own photo: uploaded through /api/uploads as product photos are (re-encoded, with
 * responsive sizes), with progress; or back to the product's photo (img "").
 */
export default function VariantPhotoDialog({ variant, onClose }: VariantPhotoDialogProps) {
  const { enqueueSnackbar } = useSnackbar();
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState('');
  const [updateVariant, { loading }] = useMutation(UpdateProductVariantMutation);
  const busy = loading || progress !== null;
  const label = variant ? variantLabel(variant) : '';

  async function setImg(img: string, done: string) {
    if (!variant) return;
    try {
      await updateVariant({ variables: { id: variant.id, input: { img } } });
      enqueueSnackbar(done, { variant: 'success' });
    } catch (failure) {
      setMessage(errorMessage(failure));
    }
  }

  async function upload(file: File) {
    setMessage('');
    setProgress(0);
    try {
      const url = await uploadImage(file, { token: await currentToken(), onProgress: setProgress });
      await setImg(url, `${label} has its own photo`);
    } catch (failure) {
      setMessage((failure as Error).message);
    } finally {
      setProgress(null);
    }
  }

  function close() {
    if (busy) return;
    setMessage('');
    onClose();
  }

  return (
    <Dialog open={variant !== null} onClose={close} aria-labelledby="variant-photo-title" fullWidth maxWidth="xs">
      <DialogTitle id="variant-photo-title">Photo of {label}</DialogTitle>
      <DialogContent>
        {variant && (
          <Box
            component="img"
            src={variant.img}
            alt={`Current photo of ${label}`}
            sx={{ display: 'block', maxWidth: '100%', maxHeight: 240, objectFit: 'contain', borderRadius: 1, mb: 1 }}
          />
        )}
        <Typography variant="body2" sx={{ mb: 2 }}>
          {variant?.ownImg ? 'Its own photo.' : "The product's photo (it has none of its own)."}
        </Typography>
        <PhotoFileButton
          inputLabel="Variant photo"
          disabled={busy}
          onFile={(file) => {
            if (file) void upload(file);
          }}
        >
          Choose Photo
        </PhotoFileButton>
        {progress !== null && (
          <Box sx={{ mt: 2 }}>
            <LinearProgress variant="determinate" value={progress} aria-label="Upload progress" />
            <Typography variant="caption">Uploading {progress}%</Typography>
          </Box>
        )}
        {message && (
          <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
            {message}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        {variant?.ownImg && (
          <Button disabled={busy} onClick={() => void setImg('', `${label} shows the product's photo`)}>
            Use the product&apos;s photo
          </Button>
        )}
        <Button onClick={close} disabled={busy}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
