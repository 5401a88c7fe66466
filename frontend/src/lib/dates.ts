/** A timestamp from the API in the reader's own date and time format; '' for none. */
export const dateTime = (value: string | null | undefined) => (value ? new Date(value).toLocaleString() : '');
