import { graphql } from '../gql';

/** The contact form's send: anyone, limited per client address. */
export const SendMessageMutation = graphql(`
  mutation SendMessage($input: SendMessageInput!) {
    sendMessage(input: $input)
  }
`);

/** The knives a commission request may point at: names only. */
export const MessageKnivesQuery = graphql(`
  query MessageKnives {
    products(options: { take: 100 }) {
      totalItems
      items {
        id
        name
      }
    }
  }
`);
