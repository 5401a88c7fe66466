/** How the Messages page names a message's kind and state. */
export const KIND_LABELS: Record<string, string> = { QUESTION: 'Question', COMMISSION: 'Commission' };
export const STATUS_LABELS: Record<string, string> = { NEW: 'New', ANSWERED: 'Answered', ARCHIVED: 'Archived' };

/** What the Add Product page is prefilled with when a commission becomes a custom product (router state `fromMessage`). */
export interface ProductFromMessage {
  name: string;
  description: string;
  photos: string[];
}
