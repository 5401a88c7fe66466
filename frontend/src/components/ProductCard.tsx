import { Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { seenOf } from '../lib/cart';
import AddToCartButton from './AddToCartButton';
import type { ProductsQuery } from '../gql/graphql';
import ProductPhoto from './ProductPhoto';

export type ProductItem = ProductsQuery['products']['items'][number];

export default function ProductCard({ product }: { product: ProductItem }) {
  return (
    <Card component="article" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <ProductPhoto product={product} width={320} height={220} />
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="h6" component="h3" gutterBottom>
          {product.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {product.description}
        </Typography>
        <Typography>
          Price: <strong>${product.price}</strong>
        </Typography>
        <Typography variant="body2">Available quantity: {product.quantity}</Typography>
        <Typography variant="body2">Minimum order: {product.minimumQuantity}</Typography>
      </CardContent>
      <CardActions>
        <Button variant="contained" fullWidth component={RouterLink} to={`/purchase/${product.id}`} aria-label={`Buy Now: ${product.name}`}>
          Buy Now
        </Button>
        <AddToCartButton
          fullWidth
          productName={product.name}
          disabled={product.quantity < product.minimumQuantity}
          line={() => ({
            productId: product.id,
            quantity: product.minimumQuantity,
            engraving: null,
            seen: seenOf(product),
          })}
        />
      </CardActions>
    </Card>
  );
}
