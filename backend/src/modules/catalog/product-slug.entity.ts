import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { CreatedAtColumn } from '../../db/timestamp-columns';
import { Product } from './product.entity';

/** A slug a product had before an admin changed it: links to it answer a 301 to the product's page. */
@Entity('product_slug_history')
export class ProductSlugHistory {
  /** In lowercase, as every slug is kept; never a product's current slug. */
  @PrimaryColumn('varchar', { length: 80, primaryKeyConstraintName: 'PK_product_slug_history' })
  slug!: string;

  @Index('IDX_product_slug_history_product')
  @Column('uuid')
  productId!: string;

  @ManyToOne(() => Product, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'productId', foreignKeyConstraintName: 'FK_product_slug_history_product' })
  product?: Product;

  /** When the product left this slug. */
  @CreatedAtColumn()
  createdAt!: Date;
}
