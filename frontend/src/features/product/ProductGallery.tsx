import { useState, type KeyboardEvent } from 'react';
import { Box, ButtonBase, Dialog, DialogContent, DialogTitle, IconButton, Stack, Typography } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import { PRODUCT_PHOTO_SIZES, responsiveSrcSet } from '@keen/rules';

export interface GalleryPhoto {
  id: string;
  url: string;
  alt: string;
  srcset: string | null;
}

const BACKDROP = '#0d0f12';

/**
 * A product's photos: the one shown (the chosen variant's own photo until a thumbnail is picked),
 * thumbnails to pick another, and a zoomed view (arrows move through the photos, Escape closes).
 * A photo without alt text is described by the product's name.
 */
export default function ProductGallery({
  name,
  photos,
  variantPhoto,
}: {
  name: string;
  photos: GalleryPhoto[];
  variantPhoto: string | null;
}) {
  const [picked, setPicked] = useState<number | null>(null);
  const [zoomed, setZoomed] = useState<number | null>(null);
  const altOf = (photo: GalleryPhoto, index: number) => photo.alt || (photos.length > 1 ? `${name}, photo ${index + 1}` : name);
  const ownVariantPhoto = picked === null && variantPhoto !== null && !photos.some((photo) => photo.url === variantPhoto);
  const index = picked ?? 0;
  const shown = ownVariantPhoto
    ? { id: 'variant', url: variantPhoto, alt: name, srcset: responsiveSrcSet(variantPhoto) ?? null }
    : photos[index];
  const step = (by: number) => setZoomed((current) => (current === null ? current : (current + by + photos.length) % photos.length));
  const onZoomKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') step(1);
    else if (event.key === 'ArrowLeft') step(-1);
    else return;
    event.preventDefault();
  };

  return (
    <Stack spacing={1}>
      <ButtonBase
        onClick={() => setZoomed(ownVariantPhoto ? null : index)}
        disabled={ownVariantPhoto}
        aria-label={`Zoom: ${ownVariantPhoto ? name : altOf(shown, index)}`}
        sx={{ display: 'block', bgcolor: BACKDROP, width: '100%', cursor: ownVariantPhoto ? 'default' : 'zoom-in' }}
      >
        <img
          src={shown.url}
          srcSet={shown.srcset ?? undefined}
          sizes={shown.srcset ? PRODUCT_PHOTO_SIZES : undefined}
          alt={ownVariantPhoto ? name : altOf(shown, index)}
          width={560}
          height={400}
          // The page's largest paint: fetched first (the server's head preloads it too), never lazily.
          loading="eager"
          fetchPriority="high"
          style={{ display: 'block', width: '100%', maxWidth: 560, height: 400, objectFit: 'contain', margin: '0 auto' }}
        />
      </ButtonBase>
      {photos.length > 1 && (
        <Stack direction="row" spacing={1} role="group" aria-label="Photos" sx={{ overflowX: 'auto' }}>
          {photos.map((photo, i) => (
            <ButtonBase
              key={photo.id}
              onClick={() => setPicked(i)}
              aria-label={`Show photo ${i + 1}: ${altOf(photo, i)}`}
              aria-pressed={!ownVariantPhoto && i === index}
              sx={{
                flexShrink: 0,
                bgcolor: BACKDROP,
                border: 2,
                borderColor: !ownVariantPhoto && i === index ? 'primary.main' : 'transparent',
                borderRadius: 1,
              }}
            >
              <img src={photo.url} alt="" width={72} height={54} loading="lazy" style={{ objectFit: 'contain', display: 'block' }} />
            </ButtonBase>
          ))}
        </Stack>
      )}
      <Dialog
        open={zoomed !== null}
        onClose={() => setZoomed(null)}
        maxWidth="lg"
        fullWidth
        aria-labelledby="zoom-title"
        onKeyDown={onZoomKey}
      >
        {zoomed !== null && (
          <>
            <DialogTitle id="zoom-title" sx={{ pr: 7 }}>
              {name}
              <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                {photos.length > 1 && `Photo ${zoomed + 1} of ${photos.length}`}
              </Typography>
              <IconButton aria-label="Close" onClick={() => setZoomed(null)} sx={{ position: 'absolute', right: 8, top: 8 }}>
                <CloseIcon />
              </IconButton>
            </DialogTitle>
            <DialogContent sx={{ bgcolor: BACKDROP, display: 'flex', alignItems: 'center', gap: 1, p: 1 }}>
              {photos.length > 1 && (
                <IconButton aria-label="Previous photo" onClick={() => step(-1)} sx={{ color: 'common.white' }}>
                  <ChevronLeftIcon />
                </IconButton>
              )}
              <Box
                component="img"
                src={photos[zoomed].url}
                srcSet={photos[zoomed].srcset ?? undefined}
                sizes="100vw"
                alt={altOf(photos[zoomed], zoomed)}
                sx={{ flexGrow: 1, minWidth: 0, maxHeight: '80vh', objectFit: 'contain' }}
              />
              {photos.length > 1 && (
                <IconButton aria-label="Next photo" onClick={() => step(1)} sx={{ color: 'common.white' }}>
                  <ChevronRightIcon />
                </IconButton>
              )}
            </DialogContent>
          </>
        )}
      </Dialog>
    </Stack>
  );
}
