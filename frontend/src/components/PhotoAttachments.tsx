import { Box, IconButton, Stack } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import PhotoFileButton from './PhotoFileButton';

/**
 * Photos attached to a form: a thumbnail of each with its remove button, and the button that adds
 * one while fewer than `max` are attached. `kind` names them ("Reference photo": its thumbnails are
 * "Reference photo 1"..., its list "Reference photos").
 */
export default function PhotoAttachments({
  kind,
  photos,
  max,
  uploading,
  addLabel,
  onFile,
  onRemove,
}: {
  kind: string;
  photos: string[];
  max: number;
  uploading: boolean;
  addLabel: string;
  onFile: (file: File | undefined) => void;
  onRemove: (url: string) => void;
}) {
  return (
    <>
      {photos.length > 0 && (
        <Stack direction="row" spacing={1} component="ul" aria-label={`${kind}s`} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {photos.map((url, index) => (
            <Box component="li" key={url} sx={{ position: 'relative' }}>
              <Box
                component="img"
                src={url}
                alt={`${kind} ${index + 1}`}
                sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 1 }}
              />
              <IconButton
                size="small"
                aria-label={`Remove ${kind.toLowerCase()} ${index + 1}`}
                onClick={() => onRemove(url)}
                sx={{ position: 'absolute', top: 0, right: 0, bgcolor: 'background.paper' }}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Stack>
      )}
      <Box>
        <PhotoFileButton inputLabel={kind} disabled={uploading || photos.length >= max} onFile={onFile}>
          {uploading ? 'Uploading…' : addLabel}
        </PhotoFileButton>
      </Box>
    </>
  );
}
