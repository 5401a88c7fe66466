import { TextField, type TextFieldProps } from '@mui/material';
import type { FormikProps } from 'formik';

type BoundForm<Values> = Pick<FormikProps<Values>, 'values' | 'touched' | 'errors' | 'handleChange' | 'handleBlur'>;

export type FormikTextFieldProps<Values> = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & {
  formik: BoundForm<Values>;
  name: keyof Values & string;
};

/**
 * The one way a form shows a text field: an MUI TextField bound to a formik field. Its error shows
 * once the field is touched, and MUI ties it to the input (aria-invalid, aria-describedby).
 */
export default function FormikTextField<Values>({ formik, name, helperText, id, ...props }: FormikTextFieldProps<Values>) {
  const message = formik.touched[name] ? (formik.errors[name] as string | undefined) : undefined;
  const value = formik.values[name];
  return (
    <TextField
      id={id ?? `field-${name}`}
      name={name}
      value={value ?? ''}
      onChange={formik.handleChange}
      onBlur={formik.handleBlur}
      error={!!message}
      helperText={message ?? helperText}
      fullWidth
      {...props}
    />
  );
}
