import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn, UpdatedAtColumn } from '../../db/timestamp-columns';
import { Product } from '../catalog';

/** A shelf of the catalogue (Kitchen, Outdoor, Gifts): its own public page, and a filter of /products. */
@ObjectType({ simpleResolvers: true, description: 'A shelf of the catalogue; a product may be on any number of them' })
@Entity('collection')
@Index('UQ_collection_slug', ['slug'], { unique: true })
export class Collection {
  @Field(() => ID, { description: 'A UUID' })
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_collection' })
  id!: string;

  @Field(() => String, { description: '1 to 80 characters' })
  @Column('varchar', { length: 80 })
  name!: string;

  @Field(() => String, { description: 'Its page is /collections/{slug}: lowercase letters, digits and dashes, unique' })
  @Column('varchar', { length: 80 })
  slug!: string;

  @Field(() => String, { description: 'At most 2,000 characters; "" for none' })
  @Column('text', { default: '' })
  description!: string;

  @Field(() => String, { nullable: true, description: "Its picture's URL, or null to show its first product's photo" })
  @Column('varchar', { length: 2000, nullable: true })
  image!: string | null;

  @Field(() => Int, { description: 'Where it stands among the collections, from 0' })
  @Column('int')
  position!: number;

  @CreatedAtColumn()
  createdAt!: Date;

  @Field(() => Date, { description: 'When it last changed (ISO 8601)' })
  @UpdatedAtColumn()
  updatedAt!: Date;
}

/** A product on a collection's shelf, at its position there. */
@Entity('collection_product')
export class CollectionProduct {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'PK_collection_product' })
  collectionId!: string;

  @Index('IDX_collection_product_product')
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'PK_collection_product' })
  productId!: string;

  @Column('int')
  position!: number;

  @ManyToOne(() => Collection, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'collectionId', foreignKeyConstraintName: 'FK_collection_product_collection' })
  collection?: Collection;

  @ManyToOne(() => Product, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'productId', foreignKeyConstraintName: 'FK_collection_product_product' })
  product?: Product;
}
