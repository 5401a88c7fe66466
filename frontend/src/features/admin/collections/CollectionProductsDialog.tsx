import { useDeferredValue, useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import {
  Autocomplete,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import MoveButtons, { moveItem } from '../../../components/MoveButtons';
import type { AdminCollectionFieldsFragment } from '../../../gql/graphql';
import { useNotifiedAction } from '../../../lib/useNotifiedAction';
import { SetCollectionProductsMutation, ShelfProductChoicesQuery } from './operations';
import { useFullScreenDialog } from '../../../components/useFullScreenDialog';

type ShelfProduct = AdminCollectionFieldsFragment['products'][number];

/** The knives on a collection, in shelf order: add one by name, move one up or down, take one off; Save keeps it. */
export default function CollectionProductsDialog({
  collection,
  onClose,
}: {
  collection: AdminCollectionFieldsFragment;
  onClose: () => void;
}) {
  const fullScreen = useFullScreenDialog();
  const notified = useNotifiedAction();
  const [shelf, setShelf] = useState<ShelfProduct[]>(collection.products);
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  const choices = useQuery(ShelfProductChoicesQuery, { variables: { search: deferredSearch || undefined } });
  const options = (choices.data?.products.items ?? []).filter((product) => !shelf.some((onShelf) => onShelf.id === product.id));
  const [setProducts, saving] = useMutation(SetCollectionProductsMutation);

  async function save() {
    const saved = await notified(
      () => setProducts({ variables: { id: collection.id, productIds: shelf.map((product) => product.id) } }),
      `${collection.name}: ${shelf.length === 1 ? '1 knife' : `${shelf.length} knives`} saved`,
    );
    if (saved) onClose();
  }

  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="collection-products-title">
      <DialogTitle id="collection-products-title">Knives in {collection.name}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Autocomplete
            id="collection-add-product"
            options={options}
            getOptionLabel={(product) => product.name}
            loading={choices.loading}
            value={null}
            inputValue={search}
            onInputChange={(_event, value, reason) => reason !== 'reset' && setSearch(value)}
            onChange={(_event, product) => {
              if (product) setShelf((current) => [...current, product]);
              setSearch('');
            }}
            filterOptions={(all) => all}
            noOptionsText={deferredSearch ? 'No knife by that name' : 'Type a name'}
            renderInput={(params) => <TextField {...params} label="Add a knife" />}
          />
          {shelf.length === 0 ? (
            <Typography role="status">No knives in this collection yet.</Typography>
          ) : (
            <List aria-label={`Knives in ${collection.name}, in shelf order`} dense>
              {shelf.map((product, index) => (
                <ListItem
                  key={product.id}
                  divider
                  secondaryAction={
                    <Stack direction="row">
                      <MoveButtons
                        name={product.name}
                        index={index}
                        count={shelf.length}
                        onMove={(to) => setShelf((current) => moveItem(current, index, to))}
                      />
                      <IconButton
                        aria-label={`Take ${product.name} off`}
                        onClick={() => setShelf((current) => current.filter((onShelf) => onShelf.id !== product.id))}
                      >
                        <CloseIcon />
                      </IconButton>
                    </Stack>
                  }
                >
                  <ListItemText primary={product.name} sx={{ pr: 16 }} />
                </ListItem>
              ))}
            </List>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={save} loading={saving.loading}>
          Save knives
        </Button>
      </DialogActions>
    </Dialog>
  );
}
