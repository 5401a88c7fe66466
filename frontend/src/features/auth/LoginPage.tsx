import { useEffect } from 'react';
import { Button, Divider, Link, Typography } from '@mui/material';
import { useFormik } from 'formik';
import { useSnackbar } from 'notistack';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { loginInput } from '@keen/rules/schemas';
import FormikTextField from '../../components/FormikTextField';
import { useAuth } from '../../lib/auth';
import { zodValidate } from '../../lib/zodForm';
import { loginWithGoogle, loginWithPassword, resetPassword } from './authActions';
import AuthCard from './AuthCard';
import { redirectTarget } from './redirect';
import { useAuthStep } from './useAuthStep';

const validate = zodValidate(loginInput);

export default function LoginPage() {
  const { auth, config, user } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const step = useAuthStep();
  const { busy, run } = step;
  const target = redirectTarget(location.state);

  // Signed in (now, or already): back to where the visitor came from, replacing /login in history.
  useEffect(() => {
    if (user) navigate(target, { replace: true });
  }, [user, navigate, target]);

  const formik = useFormik({
    initialValues: { email: '', password: '' },
    validate,
    onSubmit: async ({ email, password }) => {
      if (auth) await run(() => loginWithPassword(auth, email.trim(), password));
    },
  });

  const handleReset = async () => {
    const email = formik.values.email.trim();
    if (!email) {
      enqueueSnackbar('please enter your email address', { variant: 'error' });
      return;
    }
    if (!auth) return;
    await run(async () => {
      await resetPassword(auth, email);
      enqueueSnackbar('Email Sent', { variant: 'success' });
    });
  };

  const handleGoogle = () =>
    auth &&
    run(
      () => loginWithGoogle(auth, !!config?.authEmulatorUrl),
      (message) => `Error: ${message}`,
    );

  return (
    <AuthCard
      title="Login"
      maxWidth={420}
      busyLabel="Signing in"
      step={step}
      onSubmit={formik.handleSubmit}
      submitLabel="Login"
      footer={
        <>
          <Button type="button" variant="text" onClick={handleReset} disabled={busy}>
            Reset Password
          </Button>
          <Typography sx={{ textAlign: 'center' }}>
            <Link component={RouterLink} to="/signup" state={location.state}>
              New User? Sign Up
            </Link>
          </Typography>
        </>
      }
      after={
        <>
          <Divider sx={{ my: 2 }}>Or</Divider>
          <Button variant="outlined" fullWidth onClick={handleGoogle} disabled={busy}>
            Sign In With Google
          </Button>
        </>
      }
    >
      <FormikTextField formik={formik} id="login-email" name="email" label="Email" type="email" autoComplete="email" />
      <FormikTextField
        formik={formik}
        id="login-password"
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
      />
    </AuthCard>
  );
}
