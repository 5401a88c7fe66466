/** SPEC §5: the purchase form's quantity messages (the server answers the same ones). */
export function quantityError(
  raw: string | number | null | undefined,
  product: { quantity: number; minimumQuantity: number },
): string | undefined {
  if (raw === '' || raw === null || raw === undefined) return 'Empty Quantity';
  const quantity = Number(raw);
  if (!Number.isFinite(quantity)) return 'Empty Quantity';
  if (quantity > product.quantity) return 'Product cannot be purchased for product shortage';
  if (quantity < product.minimumQuantity || quantity < 1) return 'Minimum Quantity Required';
  return undefined;
}
