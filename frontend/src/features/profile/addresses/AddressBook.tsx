import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Box, Button, Card, CardActions, CardContent, Chip, Stack, Typography } from '@mui/material';
import AddressLines from '../../../components/address/AddressLines';
import { useAddressFormat } from '../../../components/address/addressMetadata';
import QueryState from '../../../components/QueryState';
import { useConfirmedDelete } from '../../../components/useConfirmedDelete';
import type { SavedAddressFragment } from '../../../gql/graphql';
import { useShop } from '../../../lib/money';
import { useNotifiedAction } from '../../../lib/useNotifiedAction';
import AddressDialog from './AddressDialog';
import { withDefault, withoutAddress } from '../../../lib/addressBook';
import { MyAddressesQuery } from '../../../operations/addresses';
import { DeleteAddressMutation, SetDefaultAddressMutation } from './operations';

/** The profile's address book: saved addresses as cards (the default marked), added, edited, deleted or made the default. */
export default function AddressBook() {
  const query = useQuery(MyAddressesQuery);
  const addresses = query.data?.me?.addresses ?? [];
  const format = useAddressFormat(addresses.map((address) => address.country));
  const shop = useShop();
  // The countries the shop delivers to come first in the form; the shop's own before zones exist.
  const shippingCountries = query.data?.shippingCountries ?? [];
  const preferredCountries = shippingCountries.length ? shippingCountries : [shop.country];
  const [editing, setEditing] = useState<SavedAddressFragment | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const notified = useNotifiedAction();

  const [deleteAddress, deleting] = useMutation(DeleteAddressMutation);
  const [setDefaultAddress, settingDefault] = useMutation(SetDefaultAddressMutation, {
    update: (cache, { data }) => {
      if (!data) return;
      cache.updateQuery({ query: MyAddressesQuery }, (book) =>
        book?.me ? { ...book, me: { ...book.me, addresses: withDefault(book.me.addresses, data.setDefaultAddress) } } : book,
      );
    },
  });
  const { ask, dialog: confirmDelete } = useConfirmedDelete<SavedAddressFragment>({
    remove: (address) =>
      deleteAddress({
        variables: { id: address.id },
        update: (cache) => {
          cache.updateQuery({ query: MyAddressesQuery }, (book) =>
            book?.me ? { ...book, me: { ...book.me, addresses: withoutAddress(book.me.addresses, address.id) } } : book,
          );
          cache.evict({ id: cache.identify({ __typename: 'Address', id: address.id }) });
          cache.gc();
        },
      }),
    busy: deleting.loading,
    describe: (address) => format(address).join(', '),
    title: () => 'Delete this address?',
    deleted: 'Address deleted',
  });

  const openDialog = (address: SavedAddressFragment | null) => {
    setEditing(address);
    setDialogOpen(true);
  };

  return (
    <Box component="section">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h2">
          Address book
        </Typography>
        <Button variant="outlined" onClick={() => openDialog(null)}>
          Add address
        </Button>
      </Stack>
      <QueryState query={query} empty={addresses.length === 0 && 'No saved addresses yet'}>
        <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {addresses.map((address) => (
            <Card component="li" key={address.id} variant="outlined" aria-label={format(address).join(', ')}>
              <CardContent>
                {address.isDefault && <Chip label="Default" color="primary" size="small" sx={{ mb: 1 }} />}
                <AddressLines address={address} />
              </CardContent>
              <CardActions sx={{ flexWrap: 'wrap' }}>
                <Button size="small" onClick={() => openDialog(address)} aria-label={`Edit ${address.name}, ${address.line1}`}>
                  Edit
                </Button>
                <Button size="small" color="error" onClick={() => ask(address)} aria-label={`Delete ${address.name}, ${address.line1}`}>
                  Delete
                </Button>
                {!address.isDefault && (
                  <Button
                    size="small"
                    disabled={settingDefault.loading}
                    aria-label={`Set ${address.name}, ${address.line1} as default`}
                    onClick={() => notified(() => setDefaultAddress({ variables: { id: address.id } }), 'Default address changed')}
                  >
                    Set as default
                  </Button>
                )}
              </CardActions>
            </Card>
          ))}
        </Stack>
      </QueryState>
      <AddressDialog open={dialogOpen} address={editing} preferredCountries={preferredCountries} onClose={() => setDialogOpen(false)} />
      {confirmDelete}
    </Box>
  );
}
