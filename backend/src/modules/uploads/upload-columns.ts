import { ProductImage, Product, ProductVariantRow } from '../catalog';
import { Collection } from '../collections';
import { MessagePhoto } from '../messages';
import { OrderLine, Order } from '../orders';
import { OrderProofImage } from '../proofs';
import { ReturnPhoto } from '../returns';
import { Review } from '../reviews';
import { User } from '../users';

/** An entity's column (its property name) whose value may be the URL of one of Keen's uploads. */
export interface UploadColumn {
  entity: new () => object;
  column: string;
}

const uploadColumn = <T extends object>(entity: new () => T, column: keyof T & string): UploadColumn => ({ entity, column });

/**
 * Every column that may hold an upload's URL: the hourly clean-up (`UploadsService.removeUnreferenced`)
 * keeps the uploads these point at and deletes any other upload after a day. A new column that can
 * hold an upload goes here, or its photos disappear a day after they are chosen;
 * test/uploads/upload-columns.test.ts names any image-like column missing from this list.
 */
export const UPLOAD_COLUMNS: readonly UploadColumn[] = [
  uploadColumn(Product, 'img'),
  uploadColumn(ProductImage, 'url'),
  uploadColumn(ProductVariantRow, 'img'),
  uploadColumn(Collection, 'image'),
  uploadColumn(User, 'img'),
  // A review keeps the copy of its author's photo it was written with.
  uploadColumn(Review, 'img'),
  // An order and its lines keep the photos as they were when ordered.
  uploadColumn(Order, 'img'),
  uploadColumn(OrderLine, 'img'),
  // A contact message's reference photos.
  uploadColumn(MessagePhoto, 'url'),
  // A return's photos of what is wrong.
  uploadColumn(ReturnPhoto, 'url'),
  // An engraving proof's photos: the evidence of what the customer approved.
  uploadColumn(OrderProofImage, 'url'),
];
