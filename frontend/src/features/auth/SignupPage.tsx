import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { Box, Button, Checkbox, FormControlLabel, FormHelperText, Link, Stack, Typography } from '@mui/material';
import { useFormik } from 'formik';
import { useSnackbar } from 'notistack';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import * as yup from 'yup';
import { PHONE_PATTERN, phoneFormatMessage } from '@keen/form-rules';
import FormikTextField from '../../components/FormikTextField';
import { useAuth } from '../../lib/auth';
import { errorMessage } from '../../lib/errors';
import { createAccount } from './authActions';
import { RegisterMutation } from './operations';
import AuthCard from './AuthCard';
import { redirectTarget } from './redirect';

const schema = yup.object({
  name: yup.string().trim().required('Name is Required'),
  email: yup.string().trim().email('Enter a valid email').required('Email is Required'),
  address: yup.string().trim().required('Address is Required'),
  phone: yup.string().trim().matches(PHONE_PATTERN, phoneFormatMessage('Contact Number')).required('Contact Number is Required'),
  password: yup.string().required('Password is Required'),
  confirmPassword: yup.string().required('Confirm Password is Required'),
  terms: yup.boolean().oneOf([true], 'Please Agree Terms & Conditions'),
});

type Values = yup.InferType<typeof schema>;

function isAlreadyExists(error: unknown): boolean {
  const text = error instanceof Error ? error.message : String(error);
  return /email-already-in-use|already exist/i.test(text);
}

export default function SignupPage() {
  const { auth } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [register] = useMutation(RegisterMutation);
  const [busy, setBusy] = useState(false);
  const [authError, setAuthError] = useState<string | null>(null);

  const formik = useFormik<Values>({
    initialValues: { name: '', email: '', address: '', phone: '', password: '', confirmPassword: '', terms: false },
    validationSchema: schema,
    onSubmit: async (values) => {
      if (values.password !== values.confirmPassword) {
        enqueueSnackbar('Passwords do not match', { variant: 'error' });
        return;
      }
      if (!auth) return;
      setBusy(true);
      setAuthError(null);
      const name = values.name.trim();
      try {
        await createAccount(auth, name, values.email.trim(), values.password);
      } catch (error) {
        if (isAlreadyExists(error)) enqueueSnackbar('User already exist', { variant: 'error' });
        setAuthError(error instanceof Error ? error.message : String(error));
        setBusy(false);
        return;
      }
      try {
        await register({ variables: { input: { name, address: values.address.trim(), phone: values.phone.trim() } } });
        enqueueSnackbar(`${name} you have been registered`, { variant: 'success' });
        navigate(redirectTarget(location.state), { replace: true });
      } catch (error) {
        if (isAlreadyExists(error)) enqueueSnackbar('User already exist', { variant: 'error' });
        else enqueueSnackbar(errorMessage(error), { variant: 'error' });
      } finally {
        setBusy(false);
      }
    },
  });

  return (
    <AuthCard title="Sign Up" maxWidth={480} busyLabel={busy ? 'Signing up' : null}>
      <Box component="form" noValidate onSubmit={formik.handleSubmit}>
        <Stack spacing={2}>
          <FormikTextField formik={formik} id="signup-name" name="name" label="Name" autoComplete="name" />
          <FormikTextField formik={formik} id="signup-email" name="email" label="Email" type="email" autoComplete="email" />
          <FormikTextField
            formik={formik}
            id="signup-address"
            name="address"
            label="Address"
            multiline
            minRows={2}
            autoComplete="street-address"
          />
          <FormikTextField
            formik={formik}
            id="signup-phone"
            name="phone"
            label="Contact Number"
            type="tel"
            autoComplete="tel"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <FormikTextField
            formik={formik}
            id="signup-password"
            name="password"
            label="Password"
            type="password"
            autoComplete="new-password"
          />
          <FormikTextField
            formik={formik}
            id="signup-confirmPassword"
            name="confirmPassword"
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
          />
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
          {authError && (
            <Typography role="alert" sx={{ color: 'red' }}>
              {authError}
            </Typography>
          )}
          <Button type="submit" variant="contained" disabled={busy} fullWidth>
            Signup
          </Button>
          <Typography sx={{ textAlign: 'center' }}>
            Already have an account?{' '}
            <Link component={RouterLink} to="/login" state={location.state}>
              Please Login
            </Link>
          </Typography>
        </Stack>
      </Box>
    </AuthCard>
  );
}
