import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn, UpdatedAtColumn } from '../../db/timestamp-columns';
import { Product } from '../catalog';
import { User } from '../users';

/** A customer's rating. Name, e-mail and photo are copied from the author's profile when it is written. */
@ObjectType({ simpleResolvers: true, description: "A customer's rating of the shop and their purchase" })
@Entity('review')
@Check('CHK_review_star', `"star" BETWEEN 1 AND 5`)
export class Review {
  @Field(() => ID, { description: 'A UUID' })
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_review' })
  id!: string;

  @Field(() => String, { description: "The author's name when they wrote it (the old client's field; same as name)" })
  @Column('varchar', { length: 120 })
  userName!: string;

  @Field(() => String, { description: "The author's name when they wrote it" })
  @Column('varchar', { length: 120 })
  name!: string;

  @Field(() => String, { description: 'For admins and the author; "" for everyone else' })
  @Column('varchar', { length: 254 })
  email!: string;

  @Field(() => String, { description: 'What the customer wrote (at most 2,000 characters)' })
  @Column('text')
  description!: string;

  @Field(() => String, { nullable: true, description: "Only a photo stored by Keen's own uploads" })
  @Column('varchar', { length: 2000, nullable: true })
  img!: string | null;

  @Field(() => Int, { description: 'Rating from 1 to 5' })
  @Column('smallint')
  star!: number;

  @Index('IDX_review_author')
  @Column('uuid', { nullable: true })
  authorId!: string | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'authorId', foreignKeyConstraintName: 'FK_review_author' })
  author?: User | null;

  @Field(() => ID, { nullable: true, description: 'The knife it is about; null for a review of the shop as a whole' })
  @Index('IDX_review_product')
  @Column('uuid', { nullable: true })
  productId!: string | null;

  @ManyToOne(() => Product, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'productId', foreignKeyConstraintName: 'FK_review_product' })
  product?: Product | null;

  @Field(() => Date, { description: 'When it was made (ISO 8601)' })
  @Index('IDX_review_created_at')
  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}
