import { graphql } from '../../../gql';

export const AdminGiftCardFieldsFragment = graphql(`
  fragment AdminGiftCardFields on GiftCard {
    id
    lastFour
    balance {
      amount
      currency
      formatted
    }
    initialAmount {
      amount
      currency
      formatted
    }
    recipientEmail
    disabled
    expiresAt
    createdAt
    orderId
  }
`);

/** Every gift card, with its balance. */
export const AdminGiftCardsQuery = graphql(`
  query AdminGiftCards {
    giftCards {
      ...AdminGiftCardFields
    }
  }
`);

/** One card's ledger, oldest first. */
export const GiftCardLedgerQuery = graphql(`
  query GiftCardLedger($id: ID!) {
    giftCard(id: $id) {
      id
      ledger {
        id
        kind
        amount {
          amount
          currency
          formatted
        }
        reason
        createdBy
        orderId
        createdAt
      }
    }
  }
`);

/** Answers the whole code: staff hand it over when it has no recipient. */
export const IssueGiftCardMutation = graphql(`
  mutation IssueGiftCard($input: IssueGiftCardInput!) {
    issueGiftCard(input: $input) {
      ...AdminGiftCardFields
      code
    }
  }
`);

export const AdjustGiftCardMutation = graphql(`
  mutation AdjustGiftCard($id: ID!, $input: GiftCardAdjustmentInput!) {
    adjustGiftCard(id: $id, input: $input) {
      ...AdminGiftCardFields
    }
  }
`);

export const DisableGiftCardMutation = graphql(`
  mutation DisableGiftCard($id: ID!) {
    disableGiftCard(id: $id) {
      ...AdminGiftCardFields
    }
  }
`);
