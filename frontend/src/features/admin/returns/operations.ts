import { graphql } from '../../../gql';

/** Every return (or those in one state), newest first. */
export const AdminReturnsQuery = graphql(`
  query AdminReturns($options: ReturnListOptions) {
    returns(options: $options) {
      ...ReturnFields
    }
  }
`);

/** Each step answers the whole return: the cache updates its row in place. */
export const ApproveReturnMutation = graphql(`
  mutation ApproveReturn($id: ID!) {
    approveReturn(id: $id) {
      ...ReturnFields
    }
  }
`);

export const DeclineReturnMutation = graphql(`
  mutation DeclineReturn($id: ID!, $reason: String!) {
    declineReturn(id: $id, reason: $reason) {
      ...ReturnFields
    }
  }
`);

export const ReceiveReturnMutation = graphql(`
  mutation ReceiveReturn($id: ID!, $lines: [ReceivedLineInput!]!) {
    receiveReturn(id: $id, lines: $lines) {
      ...ReturnFields
    }
  }
`);

export const RefundReturnMutation = graphql(`
  mutation RefundReturn($id: ID!, $delivery: Boolean) {
    refundReturn(id: $id, delivery: $delivery) {
      ...ReturnFields
    }
  }
`);
