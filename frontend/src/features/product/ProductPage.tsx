import { lazy, Suspense, useEffect, useState } from 'react';
import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { Box, Button, Chip, Container, Grid, Link, Rating, Stack, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { Link as RouterLink, useLocation, useNavigate, useParams, type Params } from 'react-router-dom';
import { useChosenVariantId } from '../../lib/useChosenVariantId';
import { engravingError, engravingPlacementFor } from '@keen/rules';
import AddToCartButton from '../../components/AddToCartButton';
import NotFoundPage from '../../components/NotFoundPage';
import StoreBreadcrumbs from '../../components/StoreBreadcrumbs';
import ReviewGrid from '../../components/ReviewGrid';
import Spinner from '../../components/Spinner';
import VariantPicker from '../../components/VariantPicker';
import type { ProductPageQuery as ProductPageResult } from '../../gql/graphql';
import { useAuth } from '../../lib/auth';
import { seenOf } from '../../lib/cart';
import { errorCode, errorMessage } from '../../lib/errors';
import { useFormatMoney } from '../../lib/money';
import { usePageTitle } from '../../lib/pageTitle';
import {
  customOf,
  hasChoice,
  initialVariant,
  lineName,
  measureError,
  priceRange,
  unitPrice,
  variantLabel,
  withStockRule,
  leadTimeOf,
} from '../../lib/variants';
import type { EngravingChoice } from './ProductEngraving';
import { ProductPageQuery } from './operations';
import ProductGallery from './ProductGallery';

// The engraving fields and their fonts load only for a knife that takes an engraving, and the review
// form (Formik and its schemas) only for someone signed in: neither delays the product's first paint.
const ProductEngraving = lazy(() => import('./ProductEngraving'));
const ReviewForm = lazy(() => import('../../components/ReviewForm'));

type Product = NonNullable<ProductPageResult['product']>;
type Variant = Product['variants'][number];

/** The page's query, asked for while the page is still loading when a visitor lands on it. */
export async function prefetch(client: ApolloClient, { slug = '' }: Params): Promise<void> {
  await client.query({ query: ProductPageQuery, variables: { slug } }).catch(() => undefined);
}

/**
 * A product's public page, /products/{slug}: no sign-in needed, the page a product is shared as.
 * The server has already written its head (title, description, cards, structured data); an old
 * slug it answered with the product is replaced in the address by the current one.
 */
export default function ProductPage() {
  const { slug = '' } = useParams();
  const { data, loading, error } = useQuery(ProductPageQuery, { variables: { slug } });
  const navigate = useNavigate();
  const location = useLocation();
  const product = data?.product;
  usePageTitle(product?.name);

  const current = product?.slug;
  useEffect(() => {
    // The server moved this product to another slug: the address follows, as its 301 would.
    if (current && current !== slug) navigate(`/products/${current}${location.search}`, { replace: true });
  }, [current, slug, location.search, navigate]);

  if (loading && !data) return <Spinner label="Loading the product" />;
  if (errorCode(error) === 'NOT_FOUND') return <NotFoundPage />;
  if (error || !product) {
    return (
      <Typography role="alert" color="error" sx={{ p: 4, textAlign: 'center' }}>
        {error ? errorMessage(error) : 'Product not found'}
      </Typography>
    );
  }
  return <ProductDetails key={product.id} product={product} fonts={data.engravingFonts} />;
}

function ProductDetails({ product, fonts }: { product: Product; fonts: ProductPageResult['engravingFonts'] }) {
  const { enqueueSnackbar } = useSnackbar();
  const formatMoney = useFormatMoney();
  const [chosenId, chooseId] = useChosenVariantId();
  const [measure, setMeasure] = useState('');
  const [engraving, setEngraving] = useState<EngravingChoice>({ text: '', font: '' });
  const [tried, setTried] = useState(false);

  // A gift card: no stock, engraving or cart; its page sends the shopper to its purchase page.
  const giftCard = product.kind === 'GIFT_CARD';
  const variants = withStockRule(product, product.variants);
  const choice = hasChoice(variants);
  const chosen = choice ? initialVariant(variants, chosenId) : null;
  const custom = customOf(product.optionGroups, chosen);
  const range = priceRange(product.variants);
  const currency = product.priceFrom.currency;
  const price = chosen ? unitPrice(product.optionGroups, chosen) : product.priceFrom.amount;
  const stock = choice ? (chosen?.quantity ?? 0) : product.quantity;
  // The chosen variant's own lead time (or the only variant's), else the product's.
  const { madeToOrder, leadTime } = leadTimeOf(product, choice ? chosen : product.variants[0]);
  // Made to order is made beyond its stock: it is always orderable.
  const inStock = giftCard || ((!choice || chosen !== null) && (madeToOrder !== null || stock >= product.minimumQuantity));
  const measureMessage = custom && measureError(custom, measure, product.name);
  const engravingMessage = engravingError(
    engraving.text,
    engraving.font,
    fonts.map((font) => font.id),
    product,
    engraving.placement || null,
  );
  // Where it goes: the choice, or the product's only placement.
  const where = engravingPlacementFor(product, engraving.placement || null);
  const placement = 'placement' in where ? where.placement : null;
  const shownName = chosen ? lineName(product.name, chosen.name) : product.name;

  const choose = (variant: Variant) => chooseId(variant.id);

  /** The cart line of what is chosen here, once it obeys the product's rules (else a toast says what is wrong). */
  const cartLine = () => {
    const message = measureMessage || engravingMessage;
    if (message) {
      setTried(true);
      enqueueSnackbar(message, { variant: 'error' });
      return null;
    }
    const customValue = custom ? Number(measure) : null;
    return {
      productId: product.id,
      // A product without options orders its only variant: its line names none.
      ...(chosen && { variantId: chosen.id, variantName: variantLabel(product.optionGroups, chosen, customValue) }),
      ...(custom && { customValue }),
      quantity: product.minimumQuantity,
      engraving:
        product.engravable && engraving.text ? { text: engraving.text, font: engraving.font, ...(placement && { placement }) } : null,
      seen: seenOf(product, chosen && { img: chosen.img, unitAmount: price, quantity: chosen.quantity }),
    };
  };

  return (
    <Container sx={{ py: { xs: 2, md: 4 } }}>
      <StoreBreadcrumbs current={product.name} />
      <Grid container spacing={{ xs: 2, md: 4 }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <ProductGallery
            name={product.name}
            photos={product.images.length ? product.images : [{ id: product.id, url: product.img, alt: '', srcset: null }]}
            variantPhoto={chosen ? chosen.img : null}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Stack spacing={2}>
            <Typography variant="h4" component="h1" sx={{ color: 'primary.main', fontWeight: 700 }}>
              {product.name}
            </Typography>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="h5" component="p">
                {chosen
                  ? formatMoney(price, currency)
                  : range && range.min !== range.max
                    ? `from ${formatMoney(range.min, range.currency)}`
                    : product.priceFrom.formatted}
              </Typography>
              {!giftCard && (
                <Chip
                  label={madeToOrder ? 'Made to order' : inStock ? 'In stock' : 'Out of stock'}
                  color={inStock ? 'success' : 'default'}
                  variant="outlined"
                />
              )}
            </Stack>
            {choice && range && range.min !== range.max && (
              <Typography variant="body2" color="text.secondary">
                Prices from {formatMoney(range.min, range.currency)}, depending on the options
              </Typography>
            )}
            {product.rating.count > 0 && (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Rating value={product.rating.average} precision={0.1} readOnly aria-label={`Rated ${product.rating.average} out of 5`} />
                <Link href="#reviews">{reviewCount(product.rating.count)}</Link>
              </Stack>
            )}
            <Typography sx={{ whiteSpace: 'pre-line' }}>{product.description}</Typography>
            <Typography variant="body2">Minimum order: {product.minimumQuantity}</Typography>
            {!giftCard && (
              <Box>
                <Typography sx={{ fontWeight: 600 }}>{leadTime.text}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {leadTime.shipWindow.text} if you order today
                </Typography>
              </Box>
            )}
            {choice && (
              <VariantPicker
                id="product-option"
                groups={product.optionGroups}
                variants={variants}
                chosen={chosen}
                onChoose={choose}
                measure={measure}
                onMeasure={setMeasure}
                measureError={tried ? measureMessage : null}
              />
            )}
            {product.engravable && (
              <Suspense fallback={<Spinner label="Loading the engraving preview" />}>
                <ProductEngraving
                  value={engraving}
                  fonts={fonts}
                  maxLength={product.engravingMaxLength}
                  placements={product.engravingPlacements}
                  surcharge={product.engravingSurcharge}
                  error={engraving.text && 'placement' in where ? engravingMessage : undefined}
                  placementError={tried && engraving.text && 'error' in where ? where.error : undefined}
                  onChange={setEngraving}
                />
              </Suspense>
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {!giftCard && <AddToCartButton variant="contained" productName={shownName} disabled={!inStock} line={cartLine} />}
              <Button
                variant="outlined"
                component={RouterLink}
                to={`/purchase/${product.id}${chosen ? `?variant=${chosen.id}` : ''}`}
                aria-label={`Buy Now: ${product.name}`}
              >
                Buy Now
              </Button>
            </Stack>
          </Stack>
        </Grid>
      </Grid>
      <ProductReviews product={product} />
    </Container>
  );
}

const reviewCount = (count: number) => (count === 1 ? '1 review' : `${count} reviews`);

/** The knife's own reviews, newest first, and a form to add one (signed in) or a way to sign in. */
function ProductReviews({ product }: { product: Product }) {
  const { user } = useAuth();
  const location = useLocation();
  const { average, count } = product.rating;
  return (
    <Box component="section" id="reviews" aria-labelledby="reviews-heading" sx={{ mt: { xs: 4, md: 6 } }}>
      <Typography id="reviews-heading" variant="h5" component="h2" sx={{ mb: 1 }}>
        Reviews
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {count > 0 ? `${average} out of 5 from ${reviewCount(count)}` : 'Be the first to review this knife.'}
      </Typography>
      <ReviewGrid take={12} productId={product.id} />
      <Box sx={{ mt: 3, maxWidth: 560 }}>
        <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
          Review this knife
        </Typography>
        {user ? (
          <Suspense fallback={<Spinner label="Loading the review form" />}>
            <ReviewForm productId={product.id} idPrefix="product-review" />
          </Suspense>
        ) : (
          <Typography>
            <Link component={RouterLink} to="/login" state={{ from: { pathname: location.pathname, hash: '#reviews' } }}>
              Sign in to review this knife
            </Link>
          </Typography>
        )}
      </Box>
    </Box>
  );
}
