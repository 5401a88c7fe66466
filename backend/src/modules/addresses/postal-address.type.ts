import { ObjectType } from 'type-graphql';
import { AddressLines } from './address-lines.type';

/** An address as an order keeps it: a copy, so later edits to the address book never change it. */
@ObjectType({ simpleResolvers: true, implements: AddressLines, description: 'A postal address, as an order keeps it' })
export class PostalAddress extends AddressLines {}
