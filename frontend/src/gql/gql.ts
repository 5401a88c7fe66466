/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query PaymentPage($id: ID!) {\n    me {\n      id\n      name\n      email\n    }\n    order(id: $id) {\n      id\n      name\n      totalPrice\n      paid\n      transactionId\n    }\n  }\n": typeof types.PaymentPageDocument,
    "\n  mutation CreatePaymentIntent($orderId: ID!) {\n    createPaymentIntent(orderId: $orderId) {\n      id\n      clientSecret\n    }\n  }\n": typeof types.CreatePaymentIntentDocument,
    "\n  mutation ConfirmPayment($orderId: ID!, $paymentIntentId: String!) {\n    confirmPayment(orderId: $orderId, paymentIntentId: $paymentIntentId) {\n      id\n      paid\n      transactionId\n    }\n  }\n": typeof types.ConfirmPaymentDocument,
    "\n  mutation ConfirmTestCardPayment($orderId: ID!, $card: TestCardInput!) {\n    confirmTestCardPayment(orderId: $orderId, card: $card) {\n      id\n      paid\n      transactionId\n    }\n  }\n": typeof types.ConfirmTestCardPaymentDocument,
};
const documents: Documents = {
    "\n  query PaymentPage($id: ID!) {\n    me {\n      id\n      name\n      email\n    }\n    order(id: $id) {\n      id\n      name\n      totalPrice\n      paid\n      transactionId\n    }\n  }\n": types.PaymentPageDocument,
    "\n  mutation CreatePaymentIntent($orderId: ID!) {\n    createPaymentIntent(orderId: $orderId) {\n      id\n      clientSecret\n    }\n  }\n": types.CreatePaymentIntentDocument,
    "\n  mutation ConfirmPayment($orderId: ID!, $paymentIntentId: String!) {\n    confirmPayment(orderId: $orderId, paymentIntentId: $paymentIntentId) {\n      id\n      paid\n      transactionId\n    }\n  }\n": types.ConfirmPaymentDocument,
    "\n  mutation ConfirmTestCardPayment($orderId: ID!, $card: TestCardInput!) {\n    confirmTestCardPayment(orderId: $orderId, card: $card) {\n      id\n      paid\n      transactionId\n    }\n  }\n": types.ConfirmTestCardPaymentDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PaymentPage($id: ID!) {\n    me {\n      id\n      name\n      email\n    }\n    order(id: $id) {\n      id\n      name\n      totalPrice\n      paid\n      transactionId\n    }\n  }\n"): (typeof documents)["\n  query PaymentPage($id: ID!) {\n    me {\n      id\n      name\n      email\n    }\n    order(id: $id) {\n      id\n      name\n      totalPrice\n      paid\n      transactionId\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreatePaymentIntent($orderId: ID!) {\n    createPaymentIntent(orderId: $orderId) {\n      id\n      clientSecret\n    }\n  }\n"): (typeof documents)["\n  mutation CreatePaymentIntent($orderId: ID!) {\n    createPaymentIntent(orderId: $orderId) {\n      id\n      clientSecret\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfirmPayment($orderId: ID!, $paymentIntentId: String!) {\n    confirmPayment(orderId: $orderId, paymentIntentId: $paymentIntentId) {\n      id\n      paid\n      transactionId\n    }\n  }\n"): (typeof documents)["\n  mutation ConfirmPayment($orderId: ID!, $paymentIntentId: String!) {\n    confirmPayment(orderId: $orderId, paymentIntentId: $paymentIntentId) {\n      id\n      paid\n      transactionId\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfirmTestCardPayment($orderId: ID!, $card: TestCardInput!) {\n    confirmTestCardPayment(orderId: $orderId, card: $card) {\n      id\n      paid\n      transactionId\n    }\n  }\n"): (typeof documents)["\n  mutation ConfirmTestCardPayment($orderId: ID!, $card: TestCardInput!) {\n    confirmTestCardPayment(orderId: $orderId, card: $card) {\n      id\n      paid\n      transactionId\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;