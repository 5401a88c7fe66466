import { useEffect, useMemo, useState } from 'react';
import {
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  LinearProgress,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useFormik } from 'formik';
import {
  ENGRAVING_MAX_LENGTH,
  ENGRAVING_PLACEMENT_LABELS,
  ENGRAVING_PLACEMENTS,
  type EngravingPlacementId,
  LEAD_DAYS,
  MINIMUM_AGE,
  OPEN_MADE_TO_ORDER_CAP,
  parseMajorAmount,
  type ProductKindName,
  type TaxCategory,
} from '@keen/rules';
import type { ZodType } from 'zod';
import FormikAmountField from '../../components/FormikAmountField';
import FormikNumberField from '../../components/FormikNumberField';
import FormikTextField from '../../components/FormikTextField';
import PhotoFileButton from '../../components/PhotoFileButton';
import { uploadImage } from '../../lib/upload';
import { zodValidate } from '../../lib/zodForm';
import { currentToken } from './adminApi';
import { asKind, type ProductFormValues } from './productSchema';
import { TAX_CATEGORY_OPTIONS } from './shipping/taxCategories';

export interface ProductFields {
  kind: ProductKindName;
  name: string;
  description: string;
  /** In minor units of the form's currency. */
  priceAmount: number;
  quantity: number;
  minimumQuantity: number;
  img: string;
  engravable: boolean;
  engravingMaxLength: number;
  /** In minor units of the form's currency. */
  engravingAmount: number;
  /** Where an engraving may go, at least one. */
  engravingPlacements: EngravingPlacementId[];
  /** An engraved line waits for a proof the customer approves. */
  proofRequired: boolean;
  /** Which of its zone's tax rates applies. */
  taxCategory: TaxCategory;
  /** A bladed article: sold after an age check, shipped marked and handed to an adult. */
  ageRestricted: boolean;
  /** Its own minimum age; null for the shop's default and the destination's (null on an update clears it). */
  minimumAge: number | null;
  /** A gift card's bounds for an amount its buyer chooses, minor units; both null: its denominations only. */
  giftCardMinAmount: number | null;
  giftCardMaxAmount: number | null;
  /** Made to order: its working days to make one and its cap of open units per variant; null: from stock (or no cap). */
  madeToOrderMinDays: number | null;
  madeToOrderMaxDays: number | null;
  madeToOrderCap: number | null;
  /** In grams, packed; null: 0 on a new product, unchanged on an update. */
  weightGrams: number | null;
  /** Update Product only. */
  slug?: string;
}

interface ProductFormProps {
  initialValues: ProductFormValues;
  /** The form's schema for the currency its amounts are typed in. */
  schema: (currency: string) => ZodType;
  /** What the prices are typed in: the shop's currency. */
  currency: string;
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
const QUANTITY_FIELD: NumberFieldSpec = { name: 'quantity', label: 'Quantity', min: 0 };
const MINIMUM_QUANTITY_FIELD: NumberFieldSpec = { name: 'minimumQuantity', label: 'Minimum Quantity', min: 1 };
const WEIGHT_FIELD: NumberFieldSpec = { name: 'weightGrams', label: 'Weight, packed (g)', min: 0 };
const KIND_OPTIONS: { value: ProductKindName; label: string }[] = [
  { value: 'KNIFE', label: 'Knife or blade (goods)' },
  { value: 'GIFT_CARD', label: 'Gift card' },
];
const MADE_TO_ORDER_FIELDS: NumberFieldSpec[] = [
  { name: 'madeToOrderMinDays', label: 'Fewest days to make', min: LEAD_DAYS.min, max: LEAD_DAYS.max },
  { name: 'madeToOrderMaxDays', label: 'Most days to make', min: LEAD_DAYS.min, max: LEAD_DAYS.max },
  { name: 'madeToOrderCap', label: 'Open made-to-order units', min: OPEN_MADE_TO_ORDER_CAP.min, max: OPEN_MADE_TO_ORDER_CAP.max },
];
const MINIMUM_AGE_FIELD: NumberFieldSpec = { name: 'minimumAge', label: 'Minimum age', min: MINIMUM_AGE.min, max: MINIMUM_AGE.max };
const ENGRAVING_LENGTH_FIELD: NumberFieldSpec = {
  name: 'engravingMaxLength',
  label: 'Engraving max length',
  min: ENGRAVING_MAX_LENGTH.min,
  max: ENGRAVING_MAX_LENGTH.max,
};

/** Add and Update Product: formik + the shared schemas with SPEC's messages, photo preview and upload progress. */
export default function ProductForm({ initialValues, schema, currency, submitLabel, nameEditable, onSave }: ProductFormProps) {
  const [progress, setProgress] = useState<number | null>(null);

  const validate = useMemo(() => {
    const check = zodValidate<ProductFormValues>(schema(currency));
    return (values: ProductFormValues) => check(asKind(values));
  }, [schema, currency]);
  const formik = useFormik<ProductFormValues>({
    initialValues,
    validate,
    onSubmit: async (typed, helpers) => {
      const values = asKind(typed);
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
        kind: values.kind,
        name: values.name.trim(),
        description: values.description.trim(),
        // The schema has read both amounts already.
        priceAmount: parseMajorAmount(values.price, currency) ?? 0,
        quantity: Number(values.quantity),
        minimumQuantity: Number(values.minimumQuantity),
        img,
        engravable: values.engravable,
        engravingMaxLength: Number(values.engravingMaxLength),
        engravingAmount: parseMajorAmount(values.engravingPrice, currency) ?? 0,
        engravingPlacements: ENGRAVING_PLACEMENTS.filter((placement) => values.engravingPlacements.includes(placement)),
        proofRequired: values.engravable && values.proofRequired,
        taxCategory: values.taxCategory,
        ageRestricted: values.ageRestricted,
        minimumAge: values.minimumAge === '' ? null : Number(values.minimumAge),
        madeToOrderMinDays: values.madeToOrderMinDays === '' ? null : Number(values.madeToOrderMinDays),
        madeToOrderMaxDays: values.madeToOrderMaxDays === '' ? null : Number(values.madeToOrderMaxDays),
        madeToOrderCap: values.madeToOrderCap === '' ? null : Number(values.madeToOrderCap),
        weightGrams: values.weightGrams === '' ? null : Number(values.weightGrams),
        giftCardMinAmount: parseMajorAmount(values.giftCardMinAmount, currency),
        giftCardMaxAmount: parseMajorAmount(values.giftCardMaxAmount, currency),
        ...(values.slug !== undefined ? { slug: values.slug.trim().toLowerCase() } : {}),
      });
      setProgress(null);
    },
  });

  const photo = formik.values.photo;
  const chosenPhotoUrl = useMemo(() => (photo instanceof File ? URL.createObjectURL(photo) : null), [photo]);
  useEffect(() => () => (chosenPhotoUrl ? URL.revokeObjectURL(chosenPhotoUrl) : undefined), [chosenPhotoUrl]);
  const preview = chosenPhotoUrl ?? (typeof initialValues.photo === 'string' ? initialValues.photo : null);
  const numberField = ({ name, label, min, max }: NumberFieldSpec, helperText?: string) => (
    <FormikNumberField
      key={name}
      formik={formik}
      id={`product-${name}`}
      name={name}
      label={label}
      min={min}
      max={max}
      helperText={helperText}
    />
  );
  // A gift card has no stock, delivery, age rule or engraving: those fields are hidden (asKind saves them empty).
  const goods = formik.values.kind !== 'GIFT_CARD';
  const amountField = (
    name: 'price' | 'engravingPrice' | 'giftCardMinAmount' | 'giftCardMaxAmount',
    label: string,
    helperText?: string,
  ) => <FormikAmountField formik={formik} id={`product-${name}`} name={name} label={label} currency={currency} helperText={helperText} />;

  return (
    <Box component="form" noValidate onSubmit={formik.handleSubmit} sx={{ maxWidth: 560 }}>
      <Stack spacing={2}>
        <TextField
          select
          id="product-kind"
          name="kind"
          label="Kind"
          value={formik.values.kind}
          onChange={formik.handleChange}
          helperText={
            goods
              ? 'Goods: stock, delivery and age rules apply'
              : 'A gift card: its variants are its denominations; no stock, delivery, age check or engraving'
          }
          fullWidth
        >
          {KIND_OPTIONS.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
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
        {initialValues.slug !== undefined && (
          <FormikTextField
            formik={formik}
            id="product-slug"
            name="slug"
            label="Slug"
            helperText={`The product page: /products/${formik.values.slug ?? ''}. The old address keeps leading here.`}
          />
        )}
        {amountField('price', 'Price')}
        {goods && numberField(QUANTITY_FIELD)}
        {goods && numberField(WEIGHT_FIELD)}
        {!goods && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {amountField('giftCardMinAmount', 'Least a buyer may choose', 'Blank, with the most: its denominations only')}
            {amountField('giftCardMaxAmount', 'Most a buyer may choose')}
          </Stack>
        )}
        {numberField(MINIMUM_QUANTITY_FIELD)}
        {goods && (
          <>
            <TextField
              select
              id="product-taxCategory"
              name="taxCategory"
              label="Tax category"
              value={formik.values.taxCategory}
              onChange={formik.handleChange}
              helperText="Which of its shipping zone's tax rates applies"
              fullWidth
            >
              {TAX_CATEGORY_OPTIONS.map((option) => (
                <MenuItem key={option.value} value={option.value}>
                  {option.label}
                </MenuItem>
              ))}
            </TextField>
            <Box>
              <FormControlLabel
                control={
                  <Switch
                    id="product-ageRestricted"
                    name="ageRestricted"
                    checked={formik.values.ageRestricted}
                    onChange={formik.handleChange}
                  />
                }
                label="Age-restricted (bladed article)"
              />
              <Typography variant="body2" color="text.secondary">
                Sold only after the buyer's age check and never to a country whose blade rule refuses blades; its parcel is marked and
                handed to an adult.
              </Typography>
            </Box>
            <Box>
              <Typography variant="subtitle2" component="h2">
                Made to order
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Working days to make one; blank ships from stock only. Units beyond the stock join the workshop queue, up to the open units
                per variant (blank: no cap).
              </Typography>
            </Box>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {MADE_TO_ORDER_FIELDS.map((field) => numberField(field))}
            </Stack>
            {numberField(
              MINIMUM_AGE_FIELD,
              "Optional: only when this product needs a higher age than the destination's. Empty: the shop's blade rules decide.",
            )}
            <FormControlLabel
              control={
                <Switch id="product-engravable" name="engravable" checked={formik.values.engravable} onChange={formik.handleChange} />
              }
              label="Engravable"
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {numberField(ENGRAVING_LENGTH_FIELD)}
              {amountField('engravingPrice', 'Engraving price')}
            </Stack>
            {formik.values.engravable && (
              <>
                <FormControl component="fieldset" error={!!formik.errors.engravingPlacements}>
                  <FormLabel component="legend">Where an engraving may go</FormLabel>
                  <FormGroup row>
                    {ENGRAVING_PLACEMENTS.map((placement) => (
                      <FormControlLabel
                        key={placement}
                        label={ENGRAVING_PLACEMENT_LABELS[placement]}
                        control={
                          <Checkbox
                            name="engravingPlacements"
                            value={placement}
                            checked={formik.values.engravingPlacements.includes(placement)}
                            onChange={(event) =>
                              formik.setFieldValue(
                                'engravingPlacements',
                                event.target.checked
                                  ? [...formik.values.engravingPlacements, placement]
                                  : formik.values.engravingPlacements.filter((chosen) => chosen !== placement),
                                true,
                              )
                            }
                          />
                        }
                      />
                    ))}
                  </FormGroup>
                  <FormHelperText>
                    {typeof formik.errors.engravingPlacements === 'string'
                      ? formik.errors.engravingPlacements
                      : 'The customer chooses one of these when there are several'}
                  </FormHelperText>
                </FormControl>
                <FormControlLabel
                  control={
                    <Switch
                      id="product-proof-required"
                      name="proofRequired"
                      checked={formik.values.proofRequired}
                      onChange={formik.handleChange}
                    />
                  }
                  label="Send the customer a proof to approve before engraving"
                />
              </>
            )}
          </>
        )}
        <Box>
          <PhotoFileButton
            inputLabel="Photo"
            name="photo"
            onFile={(file) => {
              formik.setFieldValue('photo', file ?? initialValues.photo, true);
              formik.setFieldTouched('photo', true, false);
            }}
          >
            Choose Photo
          </PhotoFileButton>
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
