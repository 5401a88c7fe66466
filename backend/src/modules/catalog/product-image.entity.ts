import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn } from '../../db/timestamp-columns';
import { Product } from './product.entity';

/** One photo of a product's gallery. The first is the product's card photo, its `img`. */
@ObjectType({ simpleResolvers: true, description: "One photo of a product's gallery, in order; the first is its img" })
@Entity('product_image')
@Index('IDX_product_image_product', ['productId', 'position'])
export class ProductImage {
  @Field(() => ID, { description: 'A UUID' })
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_product_image' })
  id!: string;

  @Column('uuid')
  productId!: string;

  @ManyToOne(() => Product, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'productId', foreignKeyConstraintName: 'FK_product_image_product' })
  product?: Product;

  @Field(() => String, { description: "The photo's URL (an upload's data.url)" })
  @Column('varchar', { length: 2000 })
  url!: string;

  @Field(() => String, { description: 'What the photo shows, for people who cannot see it; "" when not written yet' })
  @Column('varchar', { length: 250, default: '' })
  alt!: string;

  @Field(() => Int, { description: 'Its place in the gallery, from 0' })
  @Column('int')
  position!: number;

  @CreatedAtColumn()
  createdAt!: Date;
}

/** A photo as a gallery's readers use it (the schema, the product page's head): its createdAt is in no answer. */
export type GalleryPhoto = Pick<ProductImage, 'id' | 'productId' | 'url' | 'alt' | 'position'>;
