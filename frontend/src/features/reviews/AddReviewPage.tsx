import { useMutation } from '@apollo/client/react';
import { REVIEW_DESCRIPTION_REQUIRED, STARS } from '@keen/rules';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useFormik } from 'formik';
import { useSnackbar } from 'notistack';
import * as yup from 'yup';
import FormikNumberField from '../../components/FormikNumberField';
import FormikTextField from '../../components/FormikTextField';
import { errorMessage } from '../../lib/errors';
import { prependToLists } from '../../lib/listCache';
import { AddReviewMutation } from '../../operations/reviews';

// SPEC §5: an empty rating reads 'Product Name is Required' (sic).
const schema = yup.object({
  star: yup
    .number()
    .typeError('Product Name is Required')
    .required('Product Name is Required')
    .integer('Ratings must be a whole number')
    .min(STARS.min, `Ratings must be at least ${STARS.min}`)
    .max(STARS.max, `Ratings must be at most ${STARS.max}`),
  description: yup.string().trim().required(REVIEW_DESCRIPTION_REQUIRED),
});

export default function AddReviewPage() {
  const { enqueueSnackbar } = useSnackbar();
  const [addReview] = useMutation(AddReviewMutation, {
    // The new review heads every cached reviews list (newest first).
    update(cache, { data }) {
      if (data?.addReview) prependToLists(cache, 'reviews', data.addReview);
    },
  });

  const formik = useFormik<{ star: number | ''; description: string }>({
    initialValues: { star: '', description: '' },
    validationSchema: schema,
    onSubmit: async (values, helpers) => {
      try {
        await addReview({ variables: { input: { star: Number(values.star), description: values.description.trim() } } });
        enqueueSnackbar('Review have been added', { variant: 'success' });
        helpers.resetForm();
      } catch (error) {
        enqueueSnackbar(errorMessage(error), { variant: 'error' });
      }
    },
  });

  return (
    <Card sx={{ maxWidth: 560, mx: 'auto' }}>
      <CardContent>
        <Typography variant="h4" component="h1" sx={{ color: 'primary.main', mb: 2 }}>
          Add a Review
        </Typography>
        <Box component="form" noValidate onSubmit={formik.handleSubmit}>
          <Stack spacing={2}>
            <FormikNumberField formik={formik} id="review-star" name="star" label="Give Ratings" min={STARS.min} max={STARS.max} />
            <FormikTextField formik={formik} id="review-description" name="description" label="Description" multiline minRows={4} />
            <Button type="submit" variant="contained" disabled={formik.isSubmitting}>
              Add Review
            </Button>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
