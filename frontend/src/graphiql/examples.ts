// The tabs GraphiQL opens with: one per common task, with its variables.

const json = (value: unknown) => JSON.stringify(value, null, 2);

export const exampleTabs = [
  {
    query: `# Products, searched and sorted: public, no sign-in needed.
query Products($options: ProductListOptions) {
  products(options: $options) {
    totalItems
    items { id name price quantity minimumQuantity engravable }
  }
}`,
    variables: json({ options: { search: 'santoku', sortBy: 'price', sortDirection: 'ASC', take: 5 } }),
  },
  {
    query: `# One product by id (take one from the Products tab).
query Product($id: ID!) {
  product(id: $id) { id name description price quantity minimumQuantity engravable engravingMaxLength engravingPrice }
}`,
    variables: json({ id: 'PASTE-A-PRODUCT-ID' }),
  },
  {
    query: `# Place a one-line order as the signed-in customer (API keys cannot: an order needs a person).
mutation PlaceOneLineOrder($input: PlaceOrderInput!) {
  placeOrder(input: $input) { id state totalPrice lines { product { name } quantity lineTotal } }
}`,
    variables: json({
      input: { lines: [{ productId: 'PASTE-A-PRODUCT-ID', quantity: 1 }], phone: '+1 555 0100', address: '1 Test Street' },
    }),
  },
  {
    query: `# A cart: several lines (up to 20) in one order, paid together; a line may carry an engraving.
mutation PlaceOrder($input: PlaceOrderInput!) {
  placeOrder(input: $input) { id state totalPrice createdAt lines { product { name } quantity unitPrice lineTotal engraving { text font } } }
}`,
    variables: json({
      input: {
        lines: [
          { productId: 'PASTE-A-PRODUCT-ID', quantity: 1, engraving: { text: 'For Sam', font: 'script' } },
          { productId: 'PASTE-ANOTHER-PRODUCT-ID', quantity: 2 },
        ],
        phone: '+1 555 0100',
        address: '1 Test Street',
      },
    }),
  },
  {
    query: `# Start paying for your unpaid order: the browser confirms the card with clientSecret.
mutation CreatePaymentIntent($orderId: ID!) {
  createPaymentIntent(orderId: $orderId) { id amount currency status clientSecret }
}`,
    variables: json({ orderId: 'PASTE-AN-ORDER-ID' }),
  },
  {
    query: `# Admin, or an API key with orders:write: mark a paid order shipped.
mutation MarkShipped($id: ID!) {
  markShipped(id: $id) { id state status }
}`,
    variables: json({ id: 'PASTE-A-PAID-ORDER-ID' }),
  },
  {
    query: `# An admin signed in as themselves (never an API key): give someone admin rights.
mutation MakeAdmin($email: String!) {
  makeAdmin(email: $email) { email role }
}`,
    variables: json({ email: 'customer@keen.test' }),
  },
  {
    query: `# With an API key (Dashboard > API keys): paste it in the Headers tab below.
# A key acts only within its scopes; this one needs catalog:read.
query ProductsWithKey {
  products(options: { take: 3 }) { totalItems items { id name price } }
}`,
    headers: json({ Authorization: 'Bearer keen_sk_PASTE-YOUR-KEY' }),
  },
];
