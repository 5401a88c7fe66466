import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn, UpdatedAtColumn } from '../../db/timestamp-columns';
import { Product } from '../catalog';
import { Order } from '../orders';
import { User } from '../users';

export enum MessageKind {
  QUESTION = 'QUESTION',
  COMMISSION = 'COMMISSION',
}
registerEnumType(MessageKind, {
  name: 'MessageKind',
  description: 'What a contact message is',
  valuesConfig: {
    QUESTION: { description: 'A question about a knife, an engraving or an order' },
    COMMISSION: { description: 'A request for a knife made to order' },
  },
});

export enum MessageStatus {
  NEW = 'NEW',
  ANSWERED = 'ANSWERED',
  ARCHIVED = 'ARCHIVED',
}
registerEnumType(MessageStatus, {
  name: 'MessageStatus',
  description: "Where a contact message is in the staff's work",
  valuesConfig: {
    NEW: { description: 'Not answered yet' },
    ANSWERED: { description: 'Staff replied at least once' },
    ARCHIVED: { description: 'Put away; a reply or unarchiving brings it back' },
  },
});

/** A question or a commission request sent through the contact form, anonymous or signed in. */
@ObjectType({ simpleResolvers: true, description: 'A contact message: a question or a commission request (admins)' })
@Entity('message')
@Check('CHK_message_kind', `"kind" IN ('QUESTION', 'COMMISSION')`)
@Check('CHK_message_status', `"status" IN ('NEW', 'ANSWERED', 'ARCHIVED')`)
@Check('CHK_message_budget', `"budgetAmount" IS NULL OR "budgetAmount" > 0`)
@Index('IDX_message_status_created_at', ['status', 'createdAt'])
export class Message {
  @Field(() => ID, { description: 'A UUID' })
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_message' })
  id!: string;

  @Field(() => MessageKind, { description: 'A question or a commission request' })
  @Column('varchar', { length: 20 })
  kind!: MessageKind;

  @Field(() => MessageStatus, { description: 'New, answered or archived' })
  @Column('varchar', { length: 20, default: MessageStatus.NEW })
  status!: MessageStatus;

  @Field(() => String, { description: 'The name the sender gave' })
  @Column('varchar', { length: 120 })
  name!: string;

  @Field(() => String, { description: 'The address the sender gave; not verified: replies are written by staff, never sent on their own' })
  @Column('varchar', { length: 254 })
  email!: string;

  @Field(() => String, { description: 'What they wrote (at most 2,000 characters)' })
  @Column('text')
  message!: string;

  @Field(() => ID, { nullable: true, description: 'The knife it is about; null for none, or once that knife is deleted' })
  @Index('IDX_message_product')
  @Column('uuid', { nullable: true })
  productId!: string | null;

  @ManyToOne(() => Product, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'productId', foreignKeyConstraintName: 'FK_message_product' })
  product?: Product | null;

  @Field(() => String, { nullable: true, description: 'The name of the knife it is about, as it was when sent' })
  @Column('varchar', { length: 200, nullable: true })
  productName!: string | null;

  /** The budget in minor units of `budgetCurrency`; null for none. */
  @Column('integer', { nullable: true })
  budgetAmount!: number | null;

  @Column('char', { length: 3, nullable: true })
  budgetCurrency!: string | null;

  /** The signed-in sender's account, when they were signed in. */
  @Index('IDX_message_sender')
  @Column('uuid', { nullable: true })
  senderId!: string | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'senderId', foreignKeyConstraintName: 'FK_message_sender' })
  sender?: User | null;

  @Field(() => ID, {
    nullable: true,
    description:
      'The order of the private quote made from it (quoteFromMessage), the latest if several; null for none, or once that order is deleted',
  })
  @Index('IDX_message_quote_order')
  @Column('uuid', { nullable: true })
  quoteOrderId!: string | null;

  @ManyToOne(() => Order, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'quoteOrderId', foreignKeyConstraintName: 'FK_message_quote_order' })
  quoteOrder?: Order | null;

  @Field(() => Date, { description: 'When it was sent (ISO 8601)' })
  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}

/** A reference photo sent with a message: one of Keen's uploads (on UPLOAD_COLUMNS). */
@Entity('message_photo')
export class MessagePhoto {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_message_photo' })
  id!: string;

  @Index('IDX_message_photo_message')
  @Column('uuid')
  messageId!: string;

  @ManyToOne(() => Message, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'messageId', foreignKeyConstraintName: 'FK_message_photo_message' })
  messageRow?: Message;

  /** Its place among the message's photos, from 0. */
  @Column('smallint')
  position!: number;

  @Column('varchar', { length: 2000 })
  url!: string;
}

/** What staff wrote back to a message's sender; kept with the message. */
@ObjectType({ simpleResolvers: true, description: "Staff's reply to a contact message, e-mailed to its sender" })
@Entity('message_reply')
export class MessageReply {
  @Field(() => ID, { description: 'A UUID' })
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_message_reply' })
  id!: string;

  @Index('IDX_message_reply_message')
  @Column('uuid')
  messageId!: string;

  @ManyToOne(() => Message, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'messageId', foreignKeyConstraintName: 'FK_message_reply_message' })
  messageRow?: Message;

  @Field(() => String, { description: 'What staff wrote' })
  @Column('text')
  text!: string;

  @Field(() => String, { description: "Who replied: the admin's e-mail, or the API key's name" })
  @Column('varchar', { length: 254 })
  repliedBy!: string;

  @Field(() => Date, { description: 'When it was sent (ISO 8601)' })
  @CreatedAtColumn()
  createdAt!: Date;
}
