import { ENGRAVING_MAX_LENGTH, ENGRAVING_PRICE, type NumberSetting, settingOutOfRange, settingRequired } from '@keen/rules';
import * as yup from 'yup';

/** SPEC §5's messages. A number field left empty is "required", not "must be a number". */
const wholeNumber = (required: string, min: number, minMessage: string) =>
  yup
    .number()
    .transform((value, original) => (original === '' || original === null ? undefined : value))
    .typeError(required)
    .required(required)
    .integer('Must be a whole number')
    .min(min, minMessage);

const photo = yup
  .mixed<File | string>()
  .nullable()
  .test('photo', 'Product Photo is Required', (value) => value instanceof File || (typeof value === 'string' && value !== ''));

/** A setting the server checks too, with its range and messages. */
const setting = (rule: NumberSetting) =>
  wholeNumber(settingRequired(rule), rule.min, settingOutOfRange(rule)).max(rule.max, settingOutOfRange(rule));
const engravingLength = setting(ENGRAVING_MAX_LENGTH);
const engravingPrice = setting(ENGRAVING_PRICE);

export const addProductSchema = yup.object({
  name: yup.string().trim().required('Product Name is Required'),
  description: yup.string().trim().required('Product Description is Required'),
  price: wholeNumber('Product Price is Required', 1, 'Product Price must be at least 1'),
  quantity: wholeNumber('Product Quantity is Required', 1, 'Product Quantity must be at least 1'),
  minimumQuantity: wholeNumber('Product Quantity is Required', 1, 'Minimum Quantity must be at least 1'),
  photo,
  engravingMaxLength: engravingLength,
  engravingPrice,
});

/** Name and description stay as they are; the current photo counts until a new one is chosen. */
export const updateProductSchema = yup.object({
  price: wholeNumber('Product Price is Required', 1, 'Product Price must be at least 1'),
  quantity: wholeNumber('Product Quantity is Required', 0, 'Product Quantity cannot be negative'),
  minimumQuantity: wholeNumber('Minimum Quantity is Required', 1, 'Minimum Quantity must be at least 1'),
  photo,
  engravingMaxLength: engravingLength,
  engravingPrice,
});

export interface ProductFormValues {
  name: string;
  description: string;
  price: number | '';
  quantity: number | '';
  minimumQuantity: number | '';
  /** A newly chosen file, or the current photo's URL. */
  photo: File | string | null;
  engravable: boolean;
  engravingMaxLength: number | '';
  engravingPrice: number | '';
}
