import { addProductInput, PRODUCT_PHOTO_REQUIRED, productPrice, updateProductInput } from '@keen/rules/schemas';
import { z } from 'zod';

/** The form holds the chosen file (or the current photo's URL) where the server takes the uploaded photo's URL. */
const photo = z.custom<File | string>(
  (value) => value instanceof File || (typeof value === 'string' && value !== ''),
  PRODUCT_PHOTO_REQUIRED,
);

/** The form takes the SPEC's whole price (the server also takes priceAmount, in minor units). */
export const addProductSchema = addProductInput.omit({ img: true, priceAmount: true, engravingAmount: true }).extend({ photo, price: productPrice });

/** Name and description stay as they are; the current photo counts until a new one is chosen. */
export const updateProductSchema = updateProductInput
  .omit({ img: true, priceAmount: true, engravingAmount: true })
  .extend({ photo, price: productPrice });

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
