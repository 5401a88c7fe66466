import { type FormikErrors, getIn, setIn } from 'formik';
import { z, type ZodType } from 'zod';

// The shop's Content-Security-Policy forbids eval, and zod probes for it (new Function) on its first
// parse of an object: every form parses here, so none of them, shared schemas or the client's own
// (lib/contactMessage.ts), raises a CSP violation.
z.config({ jitless: true });

/**
 * A zod schema (from `@keen/rules/schemas`) as formik's `validate`: each field's first message,
 * keyed by the field's path as formik's errors mirror its values (`lines.0.quantity`). An issue
 * about the whole form (no path) is kept under '' so that it still stops the submit.
 */
export function zodValidate<Values>(schema: ZodType): (values: Values) => FormikErrors<Values> {
  return (values) => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    let errors: Record<string, unknown> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      if (path === '') errors[''] ??= issue.message;
      else if (getIn(errors, path) === undefined) errors = setIn(errors, path, issue.message);
    }
    return errors as FormikErrors<Values>;
  };
}

/** An optional field of a form: its blank value ('' from an empty number field or select) counts as left out. */
export const blankAsAbsent = <S extends ZodType>(schema: S) => z.preprocess((value) => (value === '' ? undefined : value), schema);
