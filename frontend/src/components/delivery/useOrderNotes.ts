import { useState } from 'react';
import { orderNotesInput, type OrderNotesInput } from '@keen/rules/schemas';
import { zodValidate } from '../../lib/zodForm';

const validate = zodValidate<OrderNotes>(orderNotesInput);

/** What the buyer typed: the gift message (for the gift slip) and the note to the workshop. */
export interface OrderNotes {
  giftMessage: string;
  workshopNote: string;
}

/**
 * The checkout's two optional texts, checked by the server's own rule (@keen/rules): `input()` is
 * what placeOrder takes (only the texts given: blank is none), or null while one is too long, which
 * then shows its message.
 */
export function useOrderNotes() {
  const [values, setValues] = useState<OrderNotes>({ giftMessage: '', workshopNote: '' });
  const [touched, setTouched] = useState(false);
  const errors = validate(values);
  return {
    values,
    set: (field: keyof OrderNotes, text: string) => setValues((current) => ({ ...current, [field]: text })),
    /** A field's message once it is over its limit or a submit was tried with it so. */
    error: (field: keyof OrderNotes) => (touched || values[field].length > 0 ? errors[field] : undefined),
    input(): Partial<OrderNotesInput> | null {
      if (Object.keys(errors).length) {
        setTouched(true);
        return null;
      }
      const { giftMessage, workshopNote } = orderNotesInput.parse(values);
      return { ...(giftMessage && { giftMessage }), ...(workshopNote && { workshopNote }) };
    },
  };
}

export type OrderNotesState = ReturnType<typeof useOrderNotes>;
