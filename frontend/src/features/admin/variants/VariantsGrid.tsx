import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { Avatar, Box, Button, Chip, Stack, Typography } from '@mui/material';
import { DataGrid, type GridColDef, type GridRowSelectionModel } from '@mui/x-data-grid';
import { parseMajorAmount } from '@keen/rules';
import { productVariantInput } from '@keen/rules/schemas';
import { useSnackbar } from 'notistack';
import ConfirmDialog from '../../../components/ConfirmDialog';
import { actionsColumn } from '../../../components/gridActions';
import { toastAction } from '../../../components/toastAction';
import { errorMessage } from '../../../lib/errors';
import { amountText, unreadableAmount } from '../../../lib/money';
import BulkSetDialog, { type BulkField } from './BulkSetDialog';
import { DeleteProductVariantMutation, UpdateProductVariantMutation } from './operations';
import { isRetired, type Variant as StoredVariant } from './optionsDraft';
import { variantLabel } from './variantLabel';
import VariantLeadTimeDialog, { variantLeadTimeLabel } from './VariantLeadTimeDialog';
import VariantPhotoDialog from './VariantPhotoDialog';

interface VariantsGridProps {
  product: { id: string; name: string; priceFrom: { currency: string } };
  groupCount: number;
  variants: readonly Variant[];
}

/** A row, with its price as the admin typed it in the grid ("129.50") until it is saved. */
type Variant = StoredVariant & { priceText?: string };

const EDITABLE = ['sku', 'quantity', 'enabled'] as const;

const NO_SELECTION: GridRowSelectionModel = { type: 'include', ids: new Set() };

/**
 * The product's variants: SKU, price, stock and enabled edited in the cells (a refusal shows the
 * server's message and puts the cell back), price and stock for the selected rows at once, a photo
 * and a lead time per variant, and delete.
 */
export default function VariantsGrid({ product, groupCount, variants }: VariantsGridProps) {
  const { enqueueSnackbar } = useSnackbar();
  const [updateVariant] = useMutation(UpdateProductVariantMutation);
  const [deleteVariant, { loading: deleting }] = useMutation(DeleteProductVariantMutation);
  const [selection, setSelection] = useState<GridRowSelectionModel>(NO_SELECTION);
  const [bulk, setBulk] = useState<BulkField | null>(null);
  const [photoOf, setPhotoOf] = useState<string | null>(null);
  const [leadTimeOf, setLeadTimeOf] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Variant | null>(null);

  // "Select all" may answer as every row but some; the bulk edit takes the ids either way.
  const selectedIds = variants
    .map((variant) => variant.id)
    .filter((id) => (selection.type === 'include' ? selection.ids.has(id) : !selection.ids.has(id)));

  async function saveRow(row: Variant, previous: Variant): Promise<Variant> {
    const changed = EDITABLE.filter((field) => row[field] !== previous[field]);
    const typed = row.priceText?.trim();
    const priceAmount =
      typed === undefined ? previous.unitPrice.amount : typed === '' ? null : parseMajorAmount(typed, row.unitPrice.currency);
    if (typed && priceAmount === null) {
      enqueueSnackbar(unreadableAmount(row.unitPrice.currency), { variant: 'error' });
      return previous;
    }
    const priceChanged = priceAmount !== previous.unitPrice.amount;
    // An emptied weight cell weighs the variant as its product again.
    const ownWeight = (row.ownWeightGrams as number | string | null) === '' ? null : row.ownWeightGrams;
    const weightChanged = ownWeight !== previous.ownWeightGrams;
    if (!changed.length && !priceChanged && !weightChanged) return previous;
    // An emptied cell comes as null (or ""), which the schema answers with its "is Required".
    const checked = productVariantInput.safeParse({
      ...Object.fromEntries(changed.map((field) => [field, row[field]])),
      ...(priceChanged && { priceAmount }),
      ...(weightChanged && { weightGrams: ownWeight }),
    });
    if (!checked.success) {
      enqueueSnackbar(checked.error.issues[0].message, { variant: 'error' });
      return previous;
    }
    try {
      const { data } = await updateVariant({ variables: { id: row.id, input: checked.data } });
      enqueueSnackbar(`${variantLabel(row)} has been updated`, { variant: 'success' });
      return data?.updateProductVariant.variants.find((variant) => variant.id === row.id) ?? row;
    } catch (failure) {
      enqueueSnackbar(errorMessage(failure), { variant: 'error' });
      return previous;
    }
  }

  async function disable(variant: Variant) {
    try {
      await updateVariant({ variables: { id: variant.id, input: { enabled: false } } });
      enqueueSnackbar(`${variantLabel(variant)} has been disabled`, { variant: 'success' });
    } catch (failure) {
      enqueueSnackbar(errorMessage(failure), { variant: 'error' });
    }
  }

  async function confirmDelete() {
    const variant = toDelete;
    if (!variant) return;
    try {
      await deleteVariant({ variables: { id: variant.id } });
      enqueueSnackbar('Successfully Deleted', { variant: 'success' });
    } catch (failure) {
      // A variant with orders stays: the server says so, and disabling is the way out.
      enqueueSnackbar(errorMessage(failure), {
        variant: 'error',
        persist: variant.enabled,
        action: variant.enabled ? toastAction('Disable it', () => void disable(variant)) : undefined,
      });
    }
    setToDelete(null);
  }

  const columns: GridColDef<Variant>[] = [
    {
      field: 'img',
      headerName: 'Photo',
      width: 70,
      sortable: false,
      renderCell: ({ row }) => <Avatar src={row.img} alt={`Photo of ${variantLabel(row)}`} variant="rounded" sx={{ mt: 1 }} />,
    },
    {
      field: 'name',
      headerName: 'Variant',
      flex: 1,
      minWidth: 170,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
          <span>{variantLabel(row)}</span>
          {isRetired(row, groupCount) && <Chip size="small" label="Retired" />}
          {!row.enabled && !isRetired(row, groupCount) && <Chip size="small" label="Disabled" variant="outlined" />}
        </Stack>
      ),
    },
    { field: 'sku', headerName: 'SKU', flex: 1, minWidth: 180, editable: true },
    {
      // Edited as text with cents ("129.50"), shown as the shop writes it.
      field: 'price',
      headerName: 'Price',
      width: 110,
      align: 'right',
      headerAlign: 'right',
      editable: true,
      valueGetter: (_value, row) => row.priceText ?? amountText(row.unitPrice.amount, row.unitPrice.currency),
      valueSetter: (value: string, row) => ({ ...row, priceText: value }),
      valueFormatter: (_value, row) => row.unitPrice.formatted,
    },
    { field: 'quantity', headerName: 'Stock', type: 'number', width: 90, editable: true },
    {
      // Its own weight; blank weighs it as its product (shown greyed as the product's).
      field: 'ownWeightGrams',
      headerName: 'Weight (g)',
      type: 'number',
      width: 110,
      editable: true,
      valueFormatter: (_value, row) => (row.ownWeightGrams === null ? `${row.weightGrams} (product)` : `${row.ownWeightGrams}`),
    },
    {
      // Its own lead time, set in its dialog: the product's, in stock, or made to order in its own days.
      field: 'leadTimeMode',
      headerName: 'Lead time',
      width: 190,
      sortable: false,
      valueFormatter: (_value, row) => variantLeadTimeLabel(row),
    },
    { field: 'enabled', headerName: 'Enabled', type: 'boolean', width: 90, editable: true },
    actionsColumn<Variant>(290, (row) => (
      <>
        <Button size="small" variant="outlined" onClick={() => setLeadTimeOf(row.id)} aria-label={`Lead time of ${variantLabel(row)}`}>
          Lead time
        </Button>
        <Button size="small" variant="outlined" onClick={() => setPhotoOf(row.id)} aria-label={`Photo of ${variantLabel(row)}`}>
          Photo
        </Button>
        <Button size="small" color="error" onClick={() => setToDelete(row)} aria-label={`Delete ${variantLabel(row)}`}>
          Delete
        </Button>
      </>
    )),
  ];

  const photoVariant = variants.find((variant) => variant.id === photoOf) ?? null;
  const leadTimeVariant = variants.find((variant) => variant.id === leadTimeOf) ?? null;

  return (
    <Box component="section" aria-labelledby="variants-heading">
      <Typography variant="h6" component="h2" id="variants-heading" sx={{ mb: 1 }}>
        Variants
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Typography variant="body2" aria-live="polite">
          {selectedIds.length ? `${selectedIds.length} selected` : 'Select rows to set their price or stock at once'}
        </Typography>
        <Button size="small" variant="outlined" disabled={!selectedIds.length} onClick={() => setBulk('price')}>
          Set price
        </Button>
        <Button size="small" variant="outlined" disabled={!selectedIds.length} onClick={() => setBulk('quantity')}>
          Set stock
        </Button>
      </Stack>
      <DataGrid
        aria-label="Variants"
        label="Variants"
        rows={variants}
        columns={columns}
        checkboxSelection
        disableRowSelectionOnClick
        rowSelectionModel={selection}
        onRowSelectionModelChange={setSelection}
        isCellEditable={({ row, field }) => !(field === 'enabled' && isRetired(row, groupCount))}
        processRowUpdate={saveRow}
        getRowClassName={({ row }) => (row.enabled ? '' : 'variant-disabled')}
        hideFooter={variants.length <= 100}
        columnBufferPx={4000}
        autoHeight
        sx={{ '& .variant-disabled': { color: 'text.secondary', fontStyle: 'italic', bgcolor: 'action.hover' } }}
      />
      <BulkSetDialog field={bulk} ids={selectedIds} currency={product.priceFrom.currency} onClose={() => setBulk(null)} />
      <VariantPhotoDialog variant={photoVariant} onClose={() => setPhotoOf(null)} />
      <VariantLeadTimeDialog variant={leadTimeVariant} onClose={() => setLeadTimeOf(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        title="Are you sure you want to delete ?"
        busy={deleting}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      >
        {toDelete && (
          <>
            <Typography>
              {product.name}: {variantLabel(toDelete)}
            </Typography>
            <Typography variant="body2">SKU: {toDelete.sku}</Typography>
            <Typography variant="body2">A variant that has orders cannot be deleted; disable it instead.</Typography>
          </>
        )}
      </ConfirmDialog>
    </Box>
  );
}
