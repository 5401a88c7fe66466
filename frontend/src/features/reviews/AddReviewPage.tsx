import { useMutation } from '@apollo/client/react';
import { STARS } from '@keen/rules';
import { reviewInput } from '@keen/rules/schemas';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useFormik } from 'formik';
import { useSnackbar } from 'notistack';
import FormikNumberField from '../../components/FormikNumberField';
import FormikTextField from '../../components/FormikTextField';
import { errorMessage } from '../../lib/errors';
import { prependToLists } from '../../lib/listCache';
import { useSubmitOnce } from '../../lib/submitOnce';
import { zodValidate } from '../../lib/zodForm';
import { AddReviewMutation } from '../../operations/reviews';

const validate = zodValidate(reviewInput);

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
    validate,
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
  const { sending, onSubmit } = useSubmitOnce(formik.submitForm);

  return (
    <Card sx={{ maxWidth: 560, mx: 'auto' }}>
      <CardContent>
        <Typography variant="h4" component="h1" sx={{ color: 'primary.main', mb: 2 }}>
          Add a Review
        </Typography>
        <Box component="form" noValidate onSubmit={onSubmit}>
          <Stack spacing={2}>
            <FormikNumberField formik={formik} id="review-star" name="star" label="Give Ratings" min={STARS.min} max={STARS.max} />
            <FormikTextField formik={formik} id="review-description" name="description" label="Description" multiline minRows={4} />
            <Button type="submit" variant="contained" loading={sending}>
              Add Review
            </Button>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
