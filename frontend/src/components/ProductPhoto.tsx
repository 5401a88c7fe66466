import { Box } from '@mui/material';
import { responsiveSrcSet } from '@keen/rules';

interface ProductPhotoProps {
  product: { img: string; name: string };
  width: number;
  height: number;
  /**
   * `lazy`: fetched once scrolled near. `eager`: shown without scrolling on a first load (the first
   * row of cards), fetched at once. `first`: the list's first photo, its largest paint: fetched first.
   */
  load?: 'lazy' | 'eager' | 'first';
}

/** A product's drawing on the shop's dark backdrop, at a fixed height so that cards line up. */
export default function ProductPhoto({ product, width, height, load = 'lazy' }: ProductPhotoProps) {
  const srcSet = responsiveSrcSet(product.img);
  return (
    <Box sx={{ bgcolor: '#0d0f12', display: 'flex', justifyContent: 'center' }}>
      <img
        src={product.img}
        srcSet={srcSet}
        // The photo is never wider than `width`, nor than the screen on a phone.
        sizes={srcSet && `(max-width: ${width}px) 100vw, ${width}px`}
        alt={product.name}
        loading={load === 'lazy' ? 'lazy' : 'eager'}
        fetchPriority={load === 'first' ? 'high' : undefined}
        width={width}
        height={height}
        style={{ width: '100%', maxWidth: width, height, objectFit: 'contain' }}
      />
    </Box>
  );
}
