import type { ReturnReason } from '../gql/graphql';

/** How each return reason reads, to the customer asking and to staff answering. */
export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  FAULTY: 'Faulty',
  DAMAGED_IN_TRANSIT: 'Arrived damaged',
  WRONG_ITEM: 'Not what I ordered',
  NOT_AS_DESCRIBED: 'Not as described',
  CHANGED_MIND: 'No longer wanted',
  OTHER: 'Another reason',
};

/** The reasons an engraved or made-to-measure line may come back for (the server's FAULT_REASONS). */
export const FAULT_REASONS: readonly ReturnReason[] = ['FAULTY', 'DAMAGED_IN_TRANSIT', 'WRONG_ITEM'];
