import FormDialog from '../../../components/FormDialog';
import { useFormik } from 'formik';
import { useSnackbar } from 'notistack';
import AddressFields, { type AddressFormValues, addressFormValues, validateAddress } from '../../../components/address/AddressFields';
import type { SavedAddressFragment } from '../../../gql/graphql';
import { errorMessage } from '../../../lib/errors';
import { useSaveAddress } from '../../../lib/addressBook';

interface AddressDialogProps {
  open: boolean;
  /** The address to edit; null adds a new one. */
  address: SavedAddressFragment | null;
  preferredCountries: readonly string[];
  onClose: () => void;
}

/** Add or edit an address of the book; the answer goes into the cached book. Full screen on a phone. */
export default function AddressDialog({ open, address, preferredCountries, onClose }: AddressDialogProps) {
  const { enqueueSnackbar } = useSnackbar();
  const [saveAddress] = useSaveAddress();
  const formik = useFormik<AddressFormValues>({
    enableReinitialize: true,
    initialValues: addressFormValues(address, preferredCountries[0] ?? ''),
    validate: validateAddress,
    onSubmit: async (values) => {
      try {
        await saveAddress({ variables: { input: { ...values, id: address?.id ?? null } } });
        enqueueSnackbar(address ? 'Address updated' : 'Address added', { variant: 'success' });
        onClose();
      } catch (error) {
        enqueueSnackbar(errorMessage(error), { variant: 'error' });
      }
    },
  });
  const title = address ? 'Edit address' : 'Add address';
  return (
    <FormDialog open={open} onClose={onClose} id="address-dialog" title={title} submitLabel="Save address" formik={formik}>
      {/* Room above the first field for its floating label. */}
      <div style={{ paddingTop: 8 }}>
        <AddressFields formik={formik} idPrefix="address-book" preferredCountries={preferredCountries} />
      </div>
    </FormDialog>
  );
}
