import { useMutation } from '@apollo/client/react';
import { Box, Checkbox, FormControlLabel, FormHelperText, Link, Typography } from '@mui/material';
import { useFormik } from 'formik';
import { useSnackbar } from 'notistack';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { passwordsMatch, PASSWORDS_DO_NOT_MATCH, type SignupInput, signupInput } from '@keen/rules/schemas';
import FormikTextField, { type FormikTextFieldProps } from '../../components/FormikTextField';
import { useAuth } from '../../lib/auth';
import { errorMessage } from '../../lib/errors';
import { zodValidate } from '../../lib/zodForm';
import { createAccount } from './authActions';
import { RegisterMutation } from './operations';
import AuthCard from './AuthCard';
import { redirectTarget } from './redirect';
import { useAuthStep } from './useAuthStep';

const FIELDS: ({ name: keyof SignupInput & string } & Omit<FormikTextFieldProps<SignupInput>, 'formik' | 'name'>)[] = [
  { name: 'name', label: 'Name', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'address', label: 'Address', multiline: true, minRows: 2, autoComplete: 'street-address' },
  { name: 'phone', label: 'Contact Number', type: 'tel', autoComplete: 'tel', slotProps: { htmlInput: { inputMode: 'numeric' } } },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm Password', type: 'password', autoComplete: 'new-password' },
];

function isAlreadyExists(error: unknown): boolean {
  const text = error instanceof Error ? error.message : String(error);
  return /email-already-in-use|already exist/i.test(text);
}

const validate = zodValidate(signupInput);

export default function SignupPage() {
  const { auth } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [register] = useMutation(RegisterMutation);
  const step = useAuthStep();

  const formik = useFormik<SignupInput>({
    initialValues: { name: '', email: '', address: '', phone: '', password: '', confirmPassword: '', terms: false },
    validate,
    onSubmit: async (values) => {
      if (!passwordsMatch(values)) {
        enqueueSnackbar(PASSWORDS_DO_NOT_MATCH, { variant: 'error' });
        return;
      }
      if (!auth) return;
      const name = values.name.trim();
      await step.run(async () => {
        try {
          await createAccount(auth, name, values.email.trim(), values.password);
        } catch (failure) {
          if (isAlreadyExists(failure)) enqueueSnackbar('User already exist', { variant: 'error' });
          throw failure;
        }
        // The account exists now: a refused registration is a toast, not the identity provider's message.
        try {
          await register({ variables: { input: { name, address: values.address.trim(), phone: values.phone.trim() } } });
          enqueueSnackbar(`${name} you have been registered`, { variant: 'success' });
          navigate(redirectTarget(location.state), { replace: true });
        } catch (failure) {
          enqueueSnackbar(isAlreadyExists(failure) ? 'User already exist' : errorMessage(failure), { variant: 'error' });
        }
      });
    },
  });

  return (
    <AuthCard
      title="Sign Up"
      maxWidth={480}
      busyLabel="Signing up"
      step={step}
      onSubmit={formik.handleSubmit}
      submitLabel="Signup"
      footer={
        <Typography sx={{ textAlign: 'center' }}>
          Already have an account?{' '}
          <Link component={RouterLink} to="/login" state={location.state}>
            Please Login
          </Link>
        </Typography>
      }
    >
      {FIELDS.map(({ name, ...field }) => (
        <FormikTextField key={name} formik={formik} id={`signup-${name}`} name={name} {...field} />
      ))}
      <Box>
        <FormControlLabel
          control={<Checkbox name="terms" checked={formik.values.terms ?? false} onChange={formik.handleChange} />}
          label="Accepct terms and conditions"
        />
        {formik.submitCount > 0 && formik.errors.terms && (
          <FormHelperText error sx={{ color: 'red' }}>
            {formik.errors.terms}
          </FormHelperText>
        )}
      </Box>
    </AuthCard>
  );
}
