import { useEffect } from 'react';
import { useQuery } from '@apollo/client/react';
import { Container, Link, Typography } from '@mui/material';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import NotFoundPage from '../../components/NotFoundPage';
import StoreBreadcrumbs from '../../components/StoreBreadcrumbs';
import { ProductCards } from '../../components/ProductGrid';
import Spinner from '../../components/Spinner';
import { errorCode, errorMessage } from '../../lib/errors';
import { usePageTitle } from '../../lib/pageTitle';
import { CollectionPageQuery } from './operations';

/**
 * A collection's public page, /collections/{slug}: its knives in the admins' order. The server has
 * already written its head; the whole catalogue filtered by it is one link away.
 */
export default function CollectionPage() {
  const { slug = '' } = useParams();
  const { data, loading, error } = useQuery(CollectionPageQuery, { variables: { slug } });
  const navigate = useNavigate();
  const collection = data?.collection;
  usePageTitle(collection?.name);

  const current = collection?.slug;
  useEffect(() => {
    // Asked in another case: the address follows the slug, as the server's 301 would.
    if (current && current !== slug) navigate(`/collections/${current}`, { replace: true });
  }, [current, slug, navigate]);

  if (loading && !data) return <Spinner label="Loading the collection" />;
  if (errorCode(error) === 'NOT_FOUND') return <NotFoundPage />;
  if (error || !collection) {
    return (
      <Typography role="alert" color="error" sx={{ p: 4, textAlign: 'center' }}>
        {error ? errorMessage(error) : 'Collection not found'}
      </Typography>
    );
  }
  return (
    <Container sx={{ py: { xs: 2, md: 4 } }}>
      <StoreBreadcrumbs current={collection.name} />
      <Typography variant="h4" component="h1" sx={{ color: 'primary.main', fontWeight: 700, mb: 1 }}>
        {collection.name}
      </Typography>
      {collection.description && (
        <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 720 }}>
          {collection.description}
        </Typography>
      )}
      {collection.products.length ? (
        <ProductCards items={collection.products} />
      ) : (
        <Typography role="status">No knives in this collection yet.</Typography>
      )}
      <Typography sx={{ mt: 3 }}>
        <Link component={RouterLink} to={`/products?collection=${collection.slug}`}>
          Search and sort the {collection.name} collection
        </Link>
      </Typography>
    </Container>
  );
}
