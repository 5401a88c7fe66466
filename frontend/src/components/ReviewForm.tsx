import { useMutation } from '@apollo/client/react';
import { STARS } from '@keen/rules';
import { reviewInput } from '@keen/rules/schemas';
import { Box, Button, Stack } from '@mui/material';
import { useFormik } from 'formik';
import { useSnackbar } from 'notistack';
import FormikNumberField from './FormikNumberField';
import FormikTextField from './FormikTextField';
import { errorMessage } from '../lib/errors';
import { prependToLists } from '../lib/listCache';
import { useSubmitOnce } from '../lib/submitOnce';
import { zodValidate } from '../lib/zodForm';
import { AddReviewMutation } from '../operations/reviews';

const validate = zodValidate(reviewInput);

/**
 * The SPEC's review form: a rating and a description. With `productId`, the review is of that
 * knife; without, of the shop. Its answer carries the knife's new rating, which the cache takes.
 */
export default function ReviewForm({ productId, idPrefix = 'review' }: { productId?: string; idPrefix?: string }) {
  const { enqueueSnackbar } = useSnackbar();
  const [addReview] = useMutation(AddReviewMutation, {
    // The new review heads the cached reviews lists it belongs in (newest first): every review, and its knife's.
    update(cache, { data }) {
      const review = data?.addReview;
      if (review)
        prependToLists(cache, 'reviews', review, (filters) => filters.productId == null || filters.productId === review.productId);
    },
  });

  const formik = useFormik<{ star: number | ''; description: string }>({
    initialValues: { star: '', description: '' },
    validate,
    onSubmit: async (values, helpers) => {
      try {
        await addReview({
          variables: { input: { star: Number(values.star), description: values.description.trim(), ...(productId && { productId }) } },
        });
        enqueueSnackbar('Review have been added', { variant: 'success' });
        helpers.resetForm();
      } catch (error) {
        enqueueSnackbar(errorMessage(error), { variant: 'error' });
      }
    },
  });
  const { sending, onSubmit } = useSubmitOnce(formik.submitForm);

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2}>
        <FormikNumberField formik={formik} id={`${idPrefix}-star`} name="star" label="Give Ratings" min={STARS.min} max={STARS.max} />
        <FormikTextField formik={formik} id={`${idPrefix}-description`} name="description" label="Description" multiline minRows={4} />
        <Button type="submit" variant="contained" loading={sending}>
          Add Review
        </Button>
      </Stack>
    </Box>
  );
}
