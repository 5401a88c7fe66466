import { useEffect, useMemo, useState } from 'react';
import { Box, Button, FormControlLabel, LinearProgress, Stack, Switch, Typography } from '@mui/material';
import { useFormik } from 'formik';
import { ENGRAVING_MAX_LENGTH, ENGRAVING_PRICE } from '@keen/rules';
import type { ZodType } from 'zod';
import FormikNumberField from '../../components/FormikNumberField';
import FormikTextField from '../../components/FormikTextField';
import { uploadImage } from '../../lib/upload';
import { zodValidate } from '../../lib/zodForm';
import { currentToken } from './adminApi';
import type { ProductFormValues } from './productSchema';

export interface ProductFields {
  name: string;
  description: string;
  price: number;
  quantity: number;
  minimumQuantity: number;
  img: string;
  engravable: boolean;
  engravingMaxLength: number;
  engravingPrice: number;
}

interface ProductFormProps {
  initialValues: ProductFormValues;
  schema: ZodType;
  submitLabel: string;
  /** Update Product shows name and description read-only. */
  nameEditable: boolean;
  /** Called with an uploaded image URL; throws with a message to show. */
  onSave: (fields: ProductFields) => Promise<void>;
}

interface NumberFieldSpec {
  name: keyof ProductFormValues & keyof ProductFields;
  label: string;
  min: number;
  max?: number;
}
const STOCK_FIELDS: NumberFieldSpec[] = [
  { name: 'price', label: 'Price', min: 1 },
  { name: 'quantity', label: 'Quantity', min: 0 },
  { name: 'minimumQuantity', label: 'Minimum Quantity', min: 1 },
];
const ENGRAVING_FIELDS: NumberFieldSpec[] = [
  { name: 'engravingMaxLength', label: 'Engraving max length', min: ENGRAVING_MAX_LENGTH.min, max: ENGRAVING_MAX_LENGTH.max },
  { name: 'engravingPrice', label: 'Engraving price', min: ENGRAVING_PRICE.min, max: ENGRAVING_PRICE.max },
];

/** Add and Update Product: formik + the shared schemas with SPEC's messages, photo preview and upload progress. */
export default function ProductForm({ initialValues, schema, submitLabel, nameEditable, onSave }: ProductFormProps) {
  const [progress, setProgress] = useState<number | null>(null);

  const validate = useMemo(() => zodValidate<ProductFormValues>(schema), [schema]);
  const formik = useFormik<ProductFormValues>({
    initialValues,
    validate,
    onSubmit: async (values, helpers) => {
      let img = typeof values.photo === 'string' ? values.photo : '';
      if (values.photo instanceof File) {
        setProgress(0);
        try {
          img = await uploadImage(values.photo, { token: await currentToken(), onProgress: setProgress });
        } catch (error) {
          setProgress(null);
          helpers.setFieldError('photo', (error as Error).message);
          return;
        }
      }
      await onSave({
        name: values.name.trim(),
        description: values.description.trim(),
        price: Number(values.price),
        quantity: Number(values.quantity),
        minimumQuantity: Number(values.minimumQuantity),
        img,
        engravable: values.engravable,
        engravingMaxLength: Number(values.engravingMaxLength),
        engravingPrice: Number(values.engravingPrice),
      });
      setProgress(null);
    },
  });

  const photo = formik.values.photo;
  const chosenPhotoUrl = useMemo(() => (photo instanceof File ? URL.createObjectURL(photo) : null), [photo]);
  useEffect(() => () => (chosenPhotoUrl ? URL.revokeObjectURL(chosenPhotoUrl) : undefined), [chosenPhotoUrl]);
  const preview = chosenPhotoUrl ?? (typeof initialValues.photo === 'string' ? initialValues.photo : null);
  const numberField = ({ name, label, min, max }: NumberFieldSpec) => (
    <FormikNumberField key={name} formik={formik} id={`product-${name}`} name={name} label={label} min={min} max={max} />
  );

  return (
    <Box component="form" noValidate onSubmit={formik.handleSubmit} sx={{ maxWidth: 560 }}>
      <Stack spacing={2}>
        <FormikTextField formik={formik} id="product-name" name="name" label="Product Name" disabled={!nameEditable} />
        <FormikTextField
          formik={formik}
          id="product-description"
          name="description"
          label="Description"
          multiline
          minRows={3}
          disabled={!nameEditable}
        />
        {STOCK_FIELDS.map(numberField)}
        <FormControlLabel
          control={<Switch id="product-engravable" name="engravable" checked={formik.values.engravable} onChange={formik.handleChange} />}
          label="Engravable"
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {ENGRAVING_FIELDS.map(numberField)}
        </Stack>
        <Box>
          <Button variant="outlined" component="label">
            Choose Photo
            <input
              hidden
              type="file"
              name="photo"
              aria-label="Photo"
              accept="image/jpeg,image/png,image/webp"
              onChange={(event) => {
                formik.setFieldValue('photo', event.currentTarget.files?.[0] ?? initialValues.photo, true);
                formik.setFieldTouched('photo', true, false);
              }}
            />
          </Button>
          {photo instanceof File && (
            <Typography variant="body2" component="span" sx={{ ml: 2 }}>
              {photo.name}
            </Typography>
          )}
          {formik.touched.photo && formik.errors.photo && (
            <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
              {formik.errors.photo as string}
            </Typography>
          )}
        </Box>
        {preview && (
          <Box
            component="img"
            src={preview}
            alt="Photo preview"
            sx={{ maxWidth: 240, maxHeight: 240, objectFit: 'contain', borderRadius: 1 }}
          />
        )}
        {progress !== null && (
          <Box>
            <LinearProgress variant="determinate" value={progress} aria-label="Upload progress" />
            <Typography variant="caption">Uploading {progress}%</Typography>
          </Box>
        )}
        <Button type="submit" variant="contained" disabled={formik.isSubmitting}>
          {submitLabel}
        </Button>
      </Stack>
    </Box>
  );
}
