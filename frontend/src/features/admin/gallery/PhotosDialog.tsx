import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import MoveButtons, { moveItem } from '../../../components/MoveButtons';
import PhotoFileButton from '../../../components/PhotoFileButton';
import { useConfirmedDelete } from '../../../components/useConfirmedDelete';
import type { GalleryFieldsFragment } from '../../../gql/graphql';
import { errorMessage } from '../../../lib/errors';
import { uploadImage } from '../../../lib/upload';
import { useNotifiedAction } from '../../../lib/useNotifiedAction';
import { currentToken } from '../adminApi';
import {
  AddProductImageMutation,
  RemoveProductImageMutation,
  ReorderProductImagesMutation,
  SetProductImageAltMutation,
} from './operations';
import { useFullScreenDialog } from '../../../components/useFullScreenDialog';

type Photo = GalleryFieldsFragment['images'][number];

/** A product's gallery: add a photo (uploaded, with progress), write each one's alt text, order them, remove one. The first is the card photo. */
export default function PhotosDialog({ product, onClose }: { product: GalleryFieldsFragment & { name: string }; onClose: () => void }) {
  const fullScreen = useFullScreenDialog();
  const { enqueueSnackbar } = useSnackbar();
  const notified = useNotifiedAction();
  const [progress, setProgress] = useState<number | null>(null);
  const [addImage] = useMutation(AddProductImageMutation);
  const [reorder, reordering] = useMutation(ReorderProductImagesMutation);
  const [removeImage, removal] = useMutation(RemoveProductImageMutation);
  const photos = product.images;

  const removing = useConfirmedDelete<Photo>({
    remove: (photo) => removeImage({ variables: { id: photo.id } }),
    busy: removal.loading,
    title: () => 'Remove this photo?',
    confirmLabel: 'Remove',
    describe: (photo) => (
      <Box
        component="img"
        src={photo.url}
        alt={photo.alt}
        sx={{ display: 'block', maxWidth: '100%', maxHeight: 160, objectFit: 'contain' }}
      />
    ),
    deleted: 'Photo removed',
  });

  async function upload(file: File) {
    setProgress(0);
    try {
      const url = await uploadImage(file, { token: await currentToken(), onProgress: setProgress });
      await addImage({ variables: { productId: product.id, input: { url } } });
      enqueueSnackbar('Photo added: describe it in its alt text', { variant: 'success' });
    } catch (failure) {
      enqueueSnackbar(errorMessage(failure), { variant: 'error' });
    } finally {
      setProgress(null);
    }
  }

  async function move(index: number, to: number) {
    const imageIds = moveItem(
      photos.map((photo) => photo.id),
      index,
      to,
    );
    await notified(() => reorder({ variables: { productId: product.id, imageIds } }));
  }

  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="md" aria-labelledby="photos-title">
      <DialogTitle id="photos-title">Photos of {product.name}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          The first photo is the product&apos;s card photo. Alt text says what a photo shows, for people who cannot see it.
        </Typography>
        <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={`Photos of ${product.name}, in order`}>
          {photos.map((photo, index) => (
            <Stack component="li" key={photo.id} direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <Box
                component="img"
                src={photo.url}
                alt={photo.alt}
                sx={{ width: 96, height: 72, objectFit: 'contain', bgcolor: '#0d0f12', borderRadius: 1, flexShrink: 0 }}
              />
              <AltText key={`${photo.id}:${photo.alt}`} photo={photo} number={index + 1} />
              <Stack direction="row">
                <MoveButtons
                  name={`photo ${index + 1}`}
                  index={index}
                  count={photos.length}
                  disabled={reordering.loading}
                  onMove={(to) => move(index, to)}
                />
                <Button
                  color="error"
                  size="small"
                  disabled={photos.length <= 1}
                  onClick={() => removing.ask(photo)}
                  aria-label={`Remove photo ${index + 1}`}
                >
                  Remove
                </Button>
              </Stack>
            </Stack>
          ))}
        </Stack>
        {progress !== null && <LinearProgress variant="determinate" value={progress} aria-label="Uploading the photo" sx={{ mt: 2 }} />}
      </DialogContent>
      <DialogActions>
        <PhotoFileButton
          inputLabel="New photo"
          disabled={progress !== null}
          onFile={(file) => {
            if (file) void upload(file);
          }}
        >
          Add photo
        </PhotoFileButton>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
      {removing.dialog}
    </Dialog>
  );
}

/** One photo's alt text, saved with its button; a photo without one says so. */
function AltText({ photo, number }: { photo: Photo; number: number }) {
  const notified = useNotifiedAction();
  const [text, setText] = useState(photo.alt);
  const [setAlt, saving] = useMutation(SetProductImageAltMutation);
  const missing = photo.alt === '';
  async function save() {
    await notified(() => setAlt({ variables: { id: photo.id, alt: text.trim() } }), `Alt text of photo ${number} saved`);
  }
  return (
    <Stack direction="row" spacing={1} sx={{ flexGrow: 1, alignItems: 'flex-start' }}>
      <TextField
        id={`photo-alt-${photo.id}`}
        label={`Alt text of photo ${number}`}
        value={text}
        onChange={(event) => setText(event.target.value)}
        helperText={missing ? 'No alt text yet' : undefined}
        color={missing ? 'warning' : undefined}
        slotProps={{ htmlInput: { maxLength: 250 } }}
        size="small"
        fullWidth
      />
      <Button size="small" onClick={save} disabled={text.trim() === photo.alt} loading={saving.loading} sx={{ mt: 0.5 }}>
        Save
      </Button>
    </Stack>
  );
}
