import { CombinedGraphQLErrors } from '@apollo/client';

/** The server's human message for a failed operation (GraphQL errors carry it in `message`). */
export function errorMessage(error: unknown): string {
  if (CombinedGraphQLErrors.is(error) && error.errors[0]) return error.errors[0].message;
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong; please try again.';
}
