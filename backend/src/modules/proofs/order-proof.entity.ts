import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, OneToMany, PrimaryGeneratedColumn } from 'typeorm';
import { Order, OrderLine } from '../orders';

export enum ProofStatus {
  Open = 'Open',
  ChangesRequested = 'ChangesRequested',
  Approved = 'Approved',
}
registerEnumType(ProofStatus, {
  name: 'ProofStatus',
  description: "Where a round of an engraving proof is: waiting for the customer's answer, changes asked for, or approved",
  valuesConfig: {
    Open: { description: "Sent to the customer; waiting for their answer (they may still correct the engraving's text)" },
    ChangesRequested: { description: 'The customer asked for changes, with a comment: staff send the next round' },
    Approved: { description: 'Approved (by the customer, or by the shop’s PROOF_POLICY=proceed): the line is made as shown' },
  },
});

/** What `answeredBy` says when the shop's PROOF_POLICY=proceed approved a proof nobody answered. */
export const POLICY_ANSWER = 'policy';

/**
 * One round of the proof of one engraved order line: the photos staff sent, the engraving they show
 * (the line's text and font when sent), and the customer's answer. Rounds of a line are numbered
 * from 1 (`version`); only the latest may be open.
 */
@ObjectType({ simpleResolvers: true, description: 'One round of the engraving proof of an order line: its photos and the answer' })
@Entity('order_proof')
@Check('CHK_order_proof_status', `"status" IN ('Open', 'ChangesRequested', 'Approved')`)
@Check('CHK_order_proof_version', `"version" >= 1`)
@Index('UQ_order_proof_line_version', ['lineId', 'version'], { unique: true })
@Index('IDX_order_proof_open_sent_at', ['sentAt'], { where: `"status" = 'Open'` })
export class OrderProof {
  @Field(() => ID, { description: 'A UUID' })
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_order_proof' })
  id!: string;

  @Index('IDX_order_proof_order')
  @Column('uuid')
  orderId!: string;

  @ManyToOne(() => Order, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'orderId', foreignKeyConstraintName: 'FK_order_proof_order' })
  order?: Order;

  @Field(() => ID, { description: 'The order line it is the proof of' })
  @Column('uuid')
  lineId!: string;

  @ManyToOne(() => OrderLine, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'lineId', foreignKeyConstraintName: 'FK_order_proof_line' })
  line?: OrderLine;

  @Field(() => Int, { description: "Its round among the line's proofs, from 1" })
  @Column('int')
  version!: number;

  @Field(() => String, { nullable: true, description: "Staff's note to the customer; null without one" })
  @Column('text', { nullable: true })
  note!: string | null;

  @Field(() => String, { description: "The engraving's text the proof shows (the line's when it was sent)" })
  @Column('varchar', { length: 40 })
  engravingText!: string;

  @Field(() => String, { nullable: true, description: "The engraving's font (an engravingFonts id) the proof shows" })
  @Column('varchar', { length: 20, nullable: true })
  engravingFont!: string | null;

  @Field(() => ProofStatus, { description: 'Open, ChangesRequested or Approved' })
  @Column('varchar', { length: 20, default: ProofStatus.Open })
  status!: ProofStatus;

  @Field(() => String, { nullable: true, description: "The customer's comment when they asked for changes; null otherwise" })
  @Column('text', { nullable: true })
  comment!: string | null;

  @Field(() => Date, { description: 'When staff sent it (ISO 8601)' })
  @Column('timestamptz', { default: () => 'now()' })
  sentAt!: Date;

  /** The e-mail (or API key) of who sent it. */
  @Column('varchar', { length: 254, nullable: true })
  sentBy!: string | null;

  @Field(() => Date, { nullable: true, description: 'When it was approved or changes were asked for (ISO 8601); null while open' })
  @Column('timestamptz', { nullable: true })
  answeredAt!: Date | null;

  @Field(() => String, {
    nullable: true,
    description: 'The e-mail of who approved it or asked for changes, or "policy" when the shop\'s PROOF_POLICY proceeded; null while open',
  })
  @Column('varchar', { length: 254, nullable: true })
  answeredBy!: string | null;

  /** When the one reminder of it went (PROOF_REMINDER_DAYS after it was sent, unanswered); null until then. */
  @Column('timestamptz', { nullable: true })
  reminderSentAt!: Date | null;

  /** When PROOF_POLICY was applied to it (proceed: approved; wait: the history said so, once); null until then. */
  @Column('timestamptz', { nullable: true })
  policyAppliedAt!: Date | null;

  @OneToMany(() => OrderProofImage, (image) => image.proof)
  images?: OrderProofImage[];

  @Field(() => [String], { description: 'Its photos (1 to 6), as uploaded (POST /api/uploads), in the order staff gave them' })
  get imageUrls(): string[] {
    return [...(this.images ?? [])].sort((a, b) => a.position - b.position).map((image) => image.url);
  }
}

/** One of a proof's photos (at most 6), an upload kept while the order is. */
@Entity('order_proof_image')
export class OrderProofImage {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_order_proof_image' })
  id!: string;

  @Index('IDX_order_proof_image_proof')
  @Column('uuid')
  proofId!: string;

  @ManyToOne(() => OrderProof, (proof) => proof.images, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'proofId', foreignKeyConstraintName: 'FK_order_proof_image_proof' })
  proof?: OrderProof;

  /** Its place among the proof's photos, from 0. */
  @Column('smallint')
  position!: number;

  @Column('varchar', { length: 2000 })
  url!: string;
}
