import { graphql } from '../../../gql';

export const AdminMessagesQuery = graphql(`
  query AdminMessages($options: MessageListOptions) {
    messages(options: $options) {
      totalItems
      items {
        id
        kind
        status
        name
        email
        message
        productName
        createdAt
      }
    }
  }
`);

export const MessageFieldsFragment = graphql(`
  fragment MessageFields on Message {
    id
    kind
    status
    name
    email
    message
    productId
    productName
    budget {
      formatted
    }
    photos
    quoteOrderId
    createdAt
    replies {
      id
      text
      repliedBy
      createdAt
    }
  }
`);

export const AdminMessageQuery = graphql(`
  query AdminMessage($id: ID!) {
    message(id: $id) {
      ...MessageFields
    }
  }
`);

export const ReplyToMessageMutation = graphql(`
  mutation ReplyToMessage($id: ID!, $text: String!) {
    replyToMessage(id: $id, text: $text) {
      ...MessageFields
    }
  }
`);

export const ArchiveMessageMutation = graphql(`
  mutation ArchiveMessage($id: ID!, $archived: Boolean) {
    archiveMessage(id: $id, archived: $archived) {
      id
      status
    }
  }
`);

export const QuoteProductsQuery = graphql(`
  query QuoteProducts {
    products(options: { take: 100, sortBy: name }) {
      totalItems
      items {
        id
        name
      }
    }
  }
`);

export const QuoteFromMessageMutation = graphql(`
  mutation QuoteFromMessage($messageId: ID!, $input: QuoteFromMessageInput!) {
    quoteFromMessage(messageId: $messageId, input: $input) {
      ...MessageFields
    }
  }
`);
