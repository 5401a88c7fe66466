import FormikTextField, { type FormikTextFieldProps } from './FormikTextField';

type FormikNumberFieldProps<Values> = Omit<FormikTextFieldProps<Values>, 'type' | 'slotProps'> & { min?: number; max?: number };

/** A number input bound to a formik field, with the browser's bounds; the form's schema gives the messages. */
export default function FormikNumberField<Values>({ min, max, ...props }: FormikNumberFieldProps<Values>) {
  return <FormikTextField {...props} type="number" slotProps={{ htmlInput: { min, max } }} />;
}
