import { useMutation } from '@apollo/client/react';
import { Stack } from '@mui/material';
import { collectionInput } from '@keen/rules/schemas';
import { useFormik } from 'formik';
import FormDialog from '../../../components/FormDialog';
import FormikTextField from '../../../components/FormikTextField';
import type { AdminCollectionFieldsFragment } from '../../../gql/graphql';
import { useNotifiedAction } from '../../../lib/useNotifiedAction';
import { zodValidate } from '../../../lib/zodForm';
import { AdminCollectionsQuery, CreateCollectionMutation, UpdateCollectionMutation } from './operations';

interface CollectionValues {
  name: string;
  slug: string;
  description: string;
  image: string;
}

const validate = zodValidate<CollectionValues>(collectionInput);

const valuesOf = (collection: AdminCollectionFieldsFragment | null): CollectionValues => ({
  name: collection?.name ?? '',
  slug: collection?.slug ?? '',
  description: collection?.description ?? '',
  image: collection?.image ?? '',
});

/** Add a collection (its slug from its name unless given) or edit one. A refusal shows in a toast; the dialog stays open. */
export default function CollectionDialog({
  open,
  collection,
  onClose,
}: {
  open: boolean;
  /** The collection to edit; null adds one. */
  collection: AdminCollectionFieldsFragment | null;
  onClose: () => void;
}) {
  const notified = useNotifiedAction();
  const [create] = useMutation(CreateCollectionMutation, {
    // A new collection comes last: the cached list (the dashboard's and the storefront's) takes it.
    update: (cache, { data }) =>
      data &&
      cache.updateQuery({ query: AdminCollectionsQuery }, (list) =>
        list ? { collections: [...list.collections, data.createCollection] } : list,
      ),
  });
  const [update] = useMutation(UpdateCollectionMutation);
  const formik = useFormik<CollectionValues>({
    enableReinitialize: true,
    initialValues: valuesOf(collection),
    validate,
    onSubmit: async (values) => {
      const input = {
        name: values.name.trim(),
        slug: values.slug.trim() || null,
        description: values.description.trim(),
        image: values.image.trim() || null,
      };
      const saved = await notified(
        () => (collection ? update({ variables: { id: collection.id, input } }) : create({ variables: { input } })),
        `Collection ${input.name} saved`,
      );
      if (saved) onClose();
    },
  });

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      id="collection-dialog"
      title={collection ? `Edit ${collection.name}` : 'Add collection'}
      submitLabel={collection ? 'Save collection' : 'Add collection'}
      formik={formik}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormikTextField formik={formik} id="collection-name" name="name" label="Name" />
        <FormikTextField
          formik={formik}
          id="collection-slug"
          name="slug"
          label="Slug"
          helperText={collection ? 'Its page is /collections/{slug}' : 'Empty: made from the name'}
        />
        <FormikTextField formik={formik} id="collection-description" name="description" label="Description" multiline minRows={3} />
        <FormikTextField
          formik={formik}
          id="collection-image"
          name="image"
          label="Picture URL"
          helperText="Empty: its first knife's photo is its picture"
        />
      </Stack>
    </FormDialog>
  );
}
