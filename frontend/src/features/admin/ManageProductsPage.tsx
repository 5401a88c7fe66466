import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Avatar, Button, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useSnackbar } from 'notistack';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '../../lib/errors';
import type { AdminProductsQuery as AdminProductsResult } from '../../gql/graphql';
import ConfirmDialog from '../../components/ConfirmDialog';
import { removeFromLists } from '../../lib/listCache';
import { AdminProductsQuery, DeleteProductMutation, UpdateProductMutation } from './operations';
import { AdminGrid, useServerList } from './serverGrid';

type Product = AdminProductsResult['products']['items'][number];

const SORTABLE = ['name', 'price', 'quantity', 'createdAt'] as const;

/** /dashboard/manageProducts: every product, with Update (to /updateProduct/{id}) and a confirmed Delete. */
export default function ManageProductsPage() {
  const { enqueueSnackbar } = useSnackbar();
  const [lowStock, setLowStock] = useState(false);
  const list = useServerList(SORTABLE, { lowStock: lowStock || undefined });
  const { data, previousData, loading, error } = useQuery(AdminProductsQuery, { variables: { options: list.options } });
  const [deleteProduct, { loading: deleting }] = useMutation(DeleteProductMutation);
  const [updateProduct] = useMutation(UpdateProductMutation);
  const [toDelete, setToDelete] = useState<Product | null>(null);

  async function confirmDelete() {
    if (!toDelete) return;
    const { id } = toDelete;
    try {
      await deleteProduct({ variables: { id }, update: (cache) => removeFromLists(cache, ['products'], { __typename: 'Product', id }) });
      enqueueSnackbar('Successfully Deleted', { variant: 'success' });
      setToDelete(null);
    } catch (failure) {
      enqueueSnackbar(errorMessage(failure), { variant: 'error' });
    }
  }

  /** An engraving setting edited in the grid; a refusal shows the server's message and keeps the old row. */
  async function saveRow(row: Product, previous: Product): Promise<Product> {
    const { price, quantity, minimumQuantity, img, engravable, engravingMaxLength, engravingPrice } = row;
    try {
      const { data: updated } = await updateProduct({
        variables: { id: row.id, input: { price, quantity, minimumQuantity, img, engravable, engravingMaxLength, engravingPrice } },
      });
      enqueueSnackbar(`${row.name} have been updated`, { variant: 'success' });
      return { ...row, ...updated?.updateProduct };
    } catch (failure) {
      enqueueSnackbar(errorMessage(failure), { variant: 'error' });
      return previous;
    }
  }

  const columns: GridColDef<Product>[] = [
    {
      field: 'img',
      headerName: 'Photo',
      width: 80,
      sortable: false,
      renderCell: ({ row }) => <Avatar src={row.img} alt={row.name} variant="rounded" sx={{ mt: 1 }} />,
    },
    { field: 'name', headerName: 'Name', flex: 1, minWidth: 180 },
    { field: 'description', headerName: 'Description', flex: 1.5, minWidth: 200, sortable: false },
    { field: 'price', headerName: 'Price', type: 'number', width: 100, valueFormatter: (value: number) => `$${value}` },
    { field: 'quantity', headerName: 'Quantity', type: 'number', width: 100 },
    { field: 'minimumQuantity', headerName: 'Minimum', type: 'number', width: 100, sortable: false },
    { field: 'engravable', headerName: 'Engravable', type: 'boolean', width: 110, sortable: false, editable: true },
    { field: 'engravingMaxLength', headerName: 'Engraving length', type: 'number', width: 140, sortable: false, editable: true },
    {
      field: 'engravingPrice',
      headerName: 'Engraving price',
      type: 'number',
      width: 130,
      sortable: false,
      editable: true,
      valueFormatter: (value: number) => `$${value}`,
    },
    { field: 'createdAt', headerName: 'Added', width: 170, valueFormatter: (value: string) => new Date(value).toLocaleString() },
    {
      field: 'actions',
      headerName: 'Actions',
      width: 190,
      sortable: false,
      hideable: false,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
          <Button size="small" variant="outlined" component={RouterLink} to={`/updateProduct/${row.id}`}>
            Update
          </Button>
          <Button size="small" color="error" onClick={() => setToDelete(row)}>
            Delete
          </Button>
        </Stack>
      ),
    },
  ];

  const products = data?.products ?? previousData?.products;
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Manage Products
      </Typography>
      <AdminGrid
        label="Products"
        list={list}
        rows={products?.items ?? []}
        rowCount={products?.totalItems ?? 0}
        loading={loading}
        error={error ? errorMessage(error) : null}
        columns={columns}
        exportName="products"
        processRowUpdate={saveRow}
        filters={
          <FormControlLabel
            control={<Switch checked={lowStock} onChange={(event) => setLowStock(event.target.checked)} />}
            label="Low stock only"
          />
        }
      />
      <ConfirmDialog
        open={toDelete !== null}
        title="Are you sure you want to delete ?"
        busy={deleting}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      >
        {toDelete && (
          <>
            <Typography>{toDelete.name}</Typography>
            <Typography variant="body2">{toDelete.description}</Typography>
            <Typography variant="body2">Quantity: {toDelete.quantity}</Typography>
            <Typography variant="body2">Price: ${toDelete.price}</Typography>
          </>
        )}
      </ConfirmDialog>
    </>
  );
}
