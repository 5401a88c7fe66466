import { CombinedGraphQLErrors } from '@apollo/client';

/** The server's human message for a failed operation (GraphQL errors carry it in `message`). */
export function errorMessage(error: unknown): string {
  if (CombinedGraphQLErrors.is(error) && error.errors[0]) return error.errors[0].message;
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong; please try again.';
}

/** The server's code for a failed operation (`NOT_FOUND`, `FORBIDDEN`...), when it sent one. */
export function errorCode(error: unknown): string | undefined {
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  const code = error.errors[0]?.extensions?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The products a refusal names (`extensions.productIds`: the lines a country will not take); empty when it names none. */
export function errorProductIds(error: unknown): string[] {
  if (!CombinedGraphQLErrors.is(error)) return [];
  const ids = error.errors[0]?.extensions?.productIds;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}
