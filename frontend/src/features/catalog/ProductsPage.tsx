import { Container } from '@mui/material';
import PageHeading from '../../components/PageHeading';
import ProductGrid from '../../components/ProductGrid';

export default function ProductsPage() {
  return (
    <Container sx={{ pb: 4 }}>
      <PageHeading>Products</PageHeading>
      <ProductGrid take={100} />
    </Container>
  );
}
