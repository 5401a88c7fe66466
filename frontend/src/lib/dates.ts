/** A timestamp from the API in the reader's own date and time format; '' for none. */
export const dateTime = (value: string | null | undefined) => (value ? new Date(value).toLocaleString() : '');

/** Whether a timestamp from the API is still ahead (a check's `validUntil`); false for none. */
export const isFuture = (value: string | null | undefined) => !!value && new Date(value).getTime() > Date.now();
