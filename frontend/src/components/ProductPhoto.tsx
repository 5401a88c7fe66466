import { Box } from '@mui/material';

interface ProductPhotoProps {
  product: { img: string; name: string };
  width: number;
  height: number;
}

/** The widths the server stores beside each uploaded image (`<name>-800w.webp`; backend uploads.service.ts). */
const RESPONSIVE_WIDTHS = [400, 800, 1600];
const UPLOADED_WEBP = /^(.*\/uploads\/[0-9a-f]{32})\.webp$/;

/** The `srcset` of an image Keen re-encoded on upload; none for other images (the demo drawings, older uploads). */
export function responsiveSrcSet(url: string): string | undefined {
  const base = UPLOADED_WEBP.exec(url)?.[1];
  return base && RESPONSIVE_WIDTHS.map((width) => `${base}-${width}w.webp ${width}w`).join(', ');
}

/** A product's drawing on the shop's dark backdrop, at a fixed height so that cards line up. */
export default function ProductPhoto({ product, width, height }: ProductPhotoProps) {
  const srcSet = responsiveSrcSet(product.img);
  return (
    <Box sx={{ bgcolor: '#0d0f12', display: 'flex', justifyContent: 'center' }}>
      <img
        src={product.img}
        srcSet={srcSet}
        // The photo is never wider than `width`, nor than the screen on a phone.
        sizes={srcSet && `(max-width: ${width}px) 100vw, ${width}px`}
        alt={product.name}
        loading="lazy"
        width={width}
        height={height}
        style={{ width: '100%', maxWidth: width, height, objectFit: 'contain' }}
      />
    </Box>
  );
}
