import { type ComponentProps, lazy, Suspense, useId, useState } from 'react';
import { Box, Button, Card, CardActions, CardContent, Link, Typography } from '@mui/material';
import { useQuery } from '@apollo/client/react';
import { useSnackbar } from 'notistack';
import { Link as RouterLink } from 'react-router-dom';
import { seenOf } from '../lib/cart';
import { useFormatMoney } from '../lib/money';
import {
  customOf,
  hasChoice,
  initialVariant,
  leadTimeOf,
  lineName,
  measureError,
  priceRange,
  unitPrice,
  variantLabel,
} from '../lib/variants';
import AddToCartButton from './AddToCartButton';
import type { ProductCardFieldsFragment } from '../gql/graphql';
import { ProductChoicesQuery } from '../operations/products';
import ProductPhoto from './ProductPhoto';
import Spinner from './Spinner';

export type ProductItem = ProductCardFieldsFragment;

// The picker's code and the variants' details load only when a shopper opens a card's options.
const VariantPicker = lazy(() => import('./VariantPicker'));

/** `load`: how its photo loads (`ProductPhoto`): the first row's at once, the others when scrolled near. */
export default function ProductCard({
  product,
  load = 'lazy',
}: {
  product: ProductItem;
  load?: ComponentProps<typeof ProductPhoto>['load'];
}) {
  const { enqueueSnackbar } = useSnackbar();
  const formatMoney = useFormatMoney();
  const choice = hasChoice(product.variants);
  const giftCard = product.kind === 'GIFT_CARD';
  const [open, setOpen] = useState(false);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [measure, setMeasure] = useState('');
  const [tried, setTried] = useState(false);
  const panelId = useId();
  const choices = useQuery(ProductChoicesQuery, { variables: { id: product.id }, skip: !open });
  const options = open ? choices.data?.product : undefined;
  const chosen = options ? initialVariant(options.variants, chosenId) : null;
  const custom = options ? customOf(options.optionGroups, chosen) : null;
  const range = priceRange(product.variants);
  const price = options && chosen ? unitPrice(options.optionGroups, chosen) : null;
  const measureMessage = custom && measureError(custom, measure, product.name);

  return (
    <Card component="article" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <ProductPhoto
        product={chosen ? { img: chosen.img, name: lineName(product.name, chosen.name) } : product}
        width={320}
        height={220}
        load={load}
      />
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="h6" component="h3" gutterBottom>
          {/* The product's public page: the address to share. */}
          <Link component={RouterLink} to={`/products/${product.slug}`} color="inherit" underline="hover">
            {product.name}
          </Link>
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {product.description}
        </Typography>
        <Typography>
          Price:{' '}
          <strong>
            {price !== null && chosen
              ? formatMoney(price, chosen.unitPrice.currency)
              : choice && range && range.min !== range.max
                ? `from ${formatMoney(range.min, range.currency)}`
                : product.priceFrom.formatted}
          </strong>
        </Typography>
        {/* A gift card takes no stock, and is bought on its own page (no cart). */}
        {!giftCard && <Typography variant="body2">Available quantity: {chosen ? chosen.quantity : product.quantity}</Typography>}
        {!giftCard && (
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {product.leadTime.text}
          </Typography>
        )}
        <Typography variant="body2">Minimum order: {product.minimumQuantity}</Typography>
      </CardContent>
      <CardActions>
        <Button
          variant="contained"
          fullWidth
          component={RouterLink}
          to={`/purchase/${product.id}${chosen ? `?variant=${chosen.id}` : ''}`}
          aria-label={`Buy Now: ${product.name}`}
        >
          Buy Now
        </Button>
        {giftCard ? null : choice ? (
          <Button
            variant="outlined"
            fullWidth
            onClick={() => setOpen(!open)}
            aria-expanded={open}
            aria-controls={open ? panelId : undefined}
            aria-label={`Choose options: ${product.name}`}
          >
            Options
          </Button>
        ) : (
          <AddToCartButton
            fullWidth
            productName={product.name}
            disabled={!product.madeToOrder && product.quantity < product.minimumQuantity}
            line={() => ({
              productId: product.id,
              quantity: product.minimumQuantity,
              engraving: null,
              seen: seenOf(product),
            })}
          />
        )}
      </CardActions>
      {open && (
        <Box id={panelId} sx={{ px: 2, pb: 2 }}>
          <Suspense fallback={<Spinner label="Loading options" />}>
            {options ? (
              <>
                <VariantPicker
                  id={`card-${product.id}`}
                  groups={options.optionGroups}
                  variants={options.variants}
                  chosen={chosen}
                  onChoose={(variant) => setChosenId(variant.id)}
                  measure={measure}
                  onMeasure={setMeasure}
                  measureError={tried ? measureMessage : null}
                />
                {chosen && (
                  <AddToCartButton
                    fullWidth
                    sx={{ mt: 2 }}
                    productName={lineName(product.name, chosen.name)}
                    disabled={!leadTimeOf(product, chosen).madeToOrder && chosen.quantity < product.minimumQuantity}
                    line={() => {
                      if (measureMessage) {
                        setTried(true);
                        enqueueSnackbar(measureMessage, { variant: 'error' });
                        return null;
                      }
                      const customValue = custom ? Number(measure) : null;
                      return {
                        productId: product.id,
                        variantId: chosen.id,
                        variantName: variantLabel(options.optionGroups, chosen, customValue),
                        ...(custom && { customValue }),
                        quantity: product.minimumQuantity,
                        engraving: null,
                        seen: seenOf(product, { img: chosen.img, unitAmount: price ?? chosen.unitPrice.amount, quantity: chosen.quantity }),
                      };
                    }}
                  />
                )}
              </>
            ) : choices.error ? (
              <Typography role="alert" color="error">
                Could not load the options
              </Typography>
            ) : (
              <Spinner label="Loading options" />
            )}
          </Suspense>
        </Box>
      )}
    </Card>
  );
}
