import { graphql } from '../../gql';

/** A cart line's product as the shop has it now: price and stock are read again whenever the cart opens. */
export const CartProductQuery = graphql(`
  query CartProduct($id: ID!) {
    product(id: $id) {
      ...OrderableProductFields
    }
  }
`);

export const CheckoutPageQuery = graphql(`
  query CheckoutPage {
    me {
      ...OrderingCustomer
    }
    ...DeliveryChoices
  }
`);

/** Answers the new order (added to My Orders by a cache update) and each line's product with its new stock. */
export const PlaceCartOrderMutation = graphql(`
  mutation PlaceCartOrder($input: PlaceOrderInput!) {
    placeOrder(input: $input) {
      ...OrderFields
      guestToken
    }
  }
`);
