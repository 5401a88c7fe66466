import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Link, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { Link as RouterLink } from 'react-router-dom';
import MoveButtons, { moveItem } from '../../../components/MoveButtons';
import QueryState from '../../../components/QueryState';
import SimpleTable from '../../../components/SimpleTable';
import { useConfirmedDelete } from '../../../components/useConfirmedDelete';
import type { AdminCollectionFieldsFragment } from '../../../gql/graphql';
import { errorMessage } from '../../../lib/errors';
import CollectionDialog from './CollectionDialog';
import CollectionProductsDialog from './CollectionProductsDialog';
import { AdminCollectionsQuery, DeleteCollectionMutation, ReorderCollectionsMutation } from './operations';
import DeleteButton from '../../../components/DeleteButton';
import AdminPageHeader from '../../../components/AdminPageHeader';

type Shelf = AdminCollectionFieldsFragment;

/** /dashboard/collections: the catalogue's shelves, in the order the storefront shows them; add, edit, fill, move and delete. */
export default function CollectionsPage() {
  const { enqueueSnackbar } = useSnackbar();
  const query = useQuery(AdminCollectionsQuery, { fetchPolicy: 'cache-and-network' });
  const collections = query.data?.collections ?? [];
  // The dialog keeps the collection it edits while it fades out.
  const [editing, setEditing] = useState<{ open: boolean; collection: Shelf | null }>({ open: false, collection: null });
  const [filling, setFilling] = useState<Shelf | null>(null);

  const [reorder, reordering] = useMutation(ReorderCollectionsMutation, {
    // The answer is the new order: the cached list follows it.
    update: (cache, { data }) =>
      data &&
      cache.updateQuery({ query: AdminCollectionsQuery }, (list) => {
        if (!list) return list;
        const at = new Map(data.reorderCollections.map((row) => [row.id, row.position]));
        return { collections: [...list.collections].sort((a, b) => (at.get(a.id) ?? 0) - (at.get(b.id) ?? 0)) };
      }),
  });
  const move = async (index: number, to: number) => {
    const ids = moveItem(
      collections.map((collection) => collection.id),
      index,
      to,
    );
    try {
      await reorder({ variables: { ids } });
    } catch (failure) {
      enqueueSnackbar(errorMessage(failure), { variant: 'error' });
    }
  };

  const [deleteCollection, deletion] = useMutation(DeleteCollectionMutation, {
    update: (cache, { data }, { variables }) => {
      if (!data || !variables) return;
      cache.updateQuery({ query: AdminCollectionsQuery }, (list) =>
        list ? { collections: list.collections.filter((collection) => collection.id !== variables.id) } : list,
      );
      cache.evict({ id: cache.identify({ __typename: 'Collection', id: variables.id }) });
      cache.gc();
    },
  });
  const deleting = useConfirmedDelete<Shelf>({
    remove: (collection) => deleteCollection({ variables: { id: collection.id } }),
    busy: deletion.loading,
    title: (collection) => `Delete the ${collection.name} collection?`,
    describe: () => 'Its knives stay in the catalogue; its page goes.',
    deleted: (collection) => `Collection ${collection.name} deleted`,
  });

  return (
    <Stack spacing={2}>
      <AdminPageHeader title="Collections" action="Add collection" onAction={() => setEditing({ open: true, collection: null })} />
      <Typography color="text.secondary">
        Shelves of the catalogue, in the order the storefront lists them: each has its own page and filters the products page. A knife may
        be on any number of them.
      </Typography>
      <QueryState query={query} empty={collections.length === 0 && 'No collections yet.'}>
        <SimpleTable label="Collections" onPaper columns={['Name', { label: 'Knives', align: 'right' }, 'Order', 'Actions']}>
          {collections.map((collection, index) => (
            <TableRow key={collection.id}>
              <TableCell component="th" scope="row">
                <Link component={RouterLink} to={`/collections/${collection.slug}`}>
                  {collection.name}
                </Link>
                <Typography variant="body2" color="text.secondary">
                  /collections/{collection.slug}
                </Typography>
              </TableCell>
              <TableCell align="right">{collection.products.length}</TableCell>
              <TableCell>
                <MoveButtons
                  name={collection.name}
                  index={index}
                  count={collections.length}
                  disabled={reordering.loading}
                  onMove={(to) => move(index, to)}
                />
              </TableCell>
              <TableCell>
                <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
                  <Button
                    size="small"
                    variant="outlined"
                    onClick={() => setFilling(collection)}
                    aria-label={`Knives in ${collection.name}`}
                  >
                    Knives
                  </Button>
                  <Button
                    size="small"
                    variant="outlined"
                    onClick={() => setEditing({ open: true, collection })}
                    aria-label={`Edit ${collection.name}`}
                  >
                    Edit
                  </Button>
                  <DeleteButton onClick={() => deleting.ask(collection)} aria-label={`Delete ${collection.name}`} />
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </SimpleTable>
      </QueryState>
      <CollectionDialog open={editing.open} collection={editing.collection} onClose={() => setEditing({ ...editing, open: false })} />
      {filling && <CollectionProductsDialog key={filling.id} collection={filling} onClose={() => setFilling(null)} />}
      {deleting.dialog}
    </Stack>
  );
}
