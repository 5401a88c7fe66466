import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Avatar, Button, Chip, FormControlLabel, Switch, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useSnackbar } from 'notistack';
import { Link as RouterLink } from 'react-router-dom';
import { parseMajorAmount } from '@keen/rules';
import { errorMessage } from '../../lib/errors';
import { amountText, unreadableAmount } from '../../lib/money';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import type { AdminProductsQuery as AdminProductsResult } from '../../gql/graphql';
import { removeFromLists } from '../../lib/listCache';
import { AdminProductsQuery, DeleteProductMutation, UpdateProductMutation } from './operations';
import { actionsColumn } from '../../components/gridActions';
import { AdminGrid, useServerList } from './serverGrid';
import PhotosDialog from './gallery/PhotosDialog';

/** A row, with its engraving price as the admin typed it in the grid until it is saved. */
type Product = AdminProductsResult['products']['items'][number] & { engravingPriceText?: string };

const SORTABLE = ['name', 'price', 'quantity', 'createdAt'] as const;

/** /dashboard/manageProducts: every product, with Update (to /updateProduct/{id}) and a confirmed Delete. */
export default function ManageProductsPage() {
  const { enqueueSnackbar } = useSnackbar();
  const [lowStock, setLowStock] = useState(false);
  // The product whose photos are open, by id: its row in the cache follows every change.
  const [photosOf, setPhotosOf] = useState<string | null>(null);
  const list = useServerList(SORTABLE, { lowStock: lowStock || undefined });
  const { data, previousData, loading, error } = useQuery(AdminProductsQuery, { variables: { options: list.options } });
  const [deleteProduct, { loading: deleting }] = useMutation(DeleteProductMutation);
  const [updateProduct] = useMutation(UpdateProductMutation);
  const photosProduct = (data ?? previousData)?.products.items.find((item) => item.id === photosOf);
  const deletion = useConfirmedDelete<Product>({
    remove: ({ id }) =>
      deleteProduct({ variables: { id }, update: (cache) => removeFromLists(cache, ['products'], { __typename: 'Product', id }) }),
    busy: deleting,
    deleted: 'Successfully Deleted',
    describe: (product) => (
      <>
        <Typography>{product.name}</Typography>
        <Typography variant="body2">{product.description}</Typography>
        <Typography variant="body2">Quantity: {product.quantity}</Typography>
        <Typography variant="body2">Price: {product.priceFrom.formatted}</Typography>
      </>
    ),
  });

  /** An engraving setting edited in the grid; a refusal shows the server's message and keeps the old row. */
  async function saveRow(row: Product, previous: Product): Promise<Product> {
    const { quantity, minimumQuantity, img, engravable, engravingMaxLength, engravingPriceText, priceFrom, engravingSurcharge } = row;
    const engravingAmount =
      engravingPriceText === undefined ? engravingSurcharge.amount : parseMajorAmount(engravingPriceText, engravingSurcharge.currency);
    if (engravingAmount === null) {
      enqueueSnackbar(unreadableAmount(engravingSurcharge.currency), { variant: 'error' });
      return previous;
    }
    const input = { priceAmount: priceFrom.amount, quantity, minimumQuantity, img, engravable, engravingMaxLength, engravingAmount };
    try {
      const { data: updated } = await updateProduct({ variables: { id: row.id, input } });
      enqueueSnackbar(`${row.name} have been updated`, { variant: 'success' });
      const { engravingPriceText: _typed, ...saved } = row;
      return { ...saved, ...updated?.updateProduct };
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
    {
      // A photo without alt text is flagged: search engines and screen readers have nothing to say of it.
      field: 'images',
      headerName: 'Photos',
      width: 130,
      sortable: false,
      valueGetter: (_value, row) => row.images.length,
      renderCell: ({ row }) => {
        const missing = row.images.filter((image) => image.alt === '').length;
        return missing ? (
          <Chip size="small" color="warning" variant="outlined" label={missing === 1 ? '1 without alt' : `${missing} without alt`} />
        ) : (
          row.images.length
        );
      },
    },
    { field: 'name', headerName: 'Name', flex: 1, minWidth: 180 },
    {
      // A bladed article: its own minimum age, or the destination's rule ("Age check").
      field: 'ageRestricted',
      headerName: 'Age',
      width: 110,
      sortable: false,
      renderCell: ({ row }) =>
        row.ageRestricted && (
          <Chip size="small" color="warning" variant="outlined" label={row.minimumAge ? `${row.minimumAge}+` : 'Age check'} />
        ),
    },
    { field: 'description', headerName: 'Description', flex: 1.5, minWidth: 200, sortable: false },
    {
      field: 'price',
      headerName: 'Price',
      type: 'number',
      width: 110,
      valueGetter: (_value, row) => row.priceFrom.amount,
      valueFormatter: (_value, row) => row.priceFrom.formatted,
    },
    { field: 'quantity', headerName: 'Quantity', type: 'number', width: 100 },
    { field: 'minimumQuantity', headerName: 'Minimum', type: 'number', width: 100, sortable: false },
    { field: 'engravable', headerName: 'Engravable', type: 'boolean', width: 110, sortable: false, editable: true },
    { field: 'engravingMaxLength', headerName: 'Engraving length', type: 'number', width: 140, sortable: false, editable: true },
    {
      // Edited as text with cents ("15.50"), shown as the shop writes it.
      field: 'engravingPrice',
      headerName: 'Engraving price',
      width: 130,
      align: 'right',
      headerAlign: 'right',
      sortable: false,
      editable: true,
      valueGetter: (_value, row) => row.engravingPriceText ?? amountText(row.engravingSurcharge.amount, row.engravingSurcharge.currency),
      valueSetter: (value: string, row) => ({ ...row, engravingPriceText: value }),
      valueFormatter: (_value, row) => row.engravingSurcharge.formatted,
    },
    { field: 'createdAt', headerName: 'Added', width: 170, valueFormatter: (value: string) => new Date(value).toLocaleString() },
    actionsColumn(350, (row) => (
      <>
        <Button size="small" variant="outlined" component={RouterLink} to={`/updateProduct/${row.id}`}>
          Update
        </Button>
        <Button size="small" onClick={() => setPhotosOf(row.id)} aria-label={`Photos of ${row.name}`}>
          Photos
        </Button>
        <Button
          size="small"
          component={RouterLink}
          to={`/dashboard/manageProducts/${row.id}/variants`}
          aria-label={`Variants of ${row.name}`}
        >
          Variants
        </Button>
        <Button size="small" color="error" onClick={() => deletion.ask(row)}>
          Delete
        </Button>
      </>
    )),
  ];

  return (
    <>
      <AdminGrid
        title="Manage Products"
        label="Products"
        list={list}
        page={data?.products ?? previousData?.products}
        loading={loading}
        error={error}
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
      {deletion.dialog}
      {photosProduct && <PhotosDialog product={photosProduct} onClose={() => setPhotosOf(null)} />}
    </>
  );
}
