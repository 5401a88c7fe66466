import { useEffect, useState } from 'react';
import { Box, Button, Card, CardContent, Divider, LinearProgress, Link, Stack, TextField, Typography } from '@mui/material';
import { useFormik } from 'formik';
import { useSnackbar } from 'notistack';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import * as yup from 'yup';
import { useAuth } from '../../lib/auth';
import { loginWithGoogle, loginWithPassword, resetPassword } from './authActions';
import { redirectTarget } from './redirect';

const schema = yup.object({
  email: yup.string().trim().email('Enter a valid email').required('Email is Required'),
  password: yup.string().required('Password is Required'),
});

export default function LoginPage() {
  const { auth, config, user } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);
  const [authError, setAuthError] = useState<string | null>(null);
  const target = redirectTarget(location.state);

  // Signed in (now, or already): back to where the visitor came from, replacing /login in history.
  useEffect(() => {
    if (user) navigate(target, { replace: true });
  }, [user, navigate, target]);

  const formik = useFormik({
    initialValues: { email: '', password: '' },
    validationSchema: schema,
    onSubmit: async ({ email, password }) => {
      if (!auth) return;
      setBusy(true);
      setAuthError(null);
      try {
        await loginWithPassword(auth, email.trim(), password);
      } catch (error) {
        setAuthError(error instanceof Error ? error.message : String(error));
      } finally {
        setBusy(false);
      }
    },
  });

  const handleReset = async () => {
    const email = formik.values.email.trim();
    if (!email) {
      enqueueSnackbar('please enter your email address', { variant: 'error' });
      return;
    }
    if (!auth) return;
    setBusy(true);
    try {
      await resetPassword(auth, email);
      enqueueSnackbar('Email Sent', { variant: 'success' });
    } catch (error) {
      setAuthError(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const handleGoogle = async () => {
    if (!auth) return;
    setBusy(true);
    setAuthError(null);
    try {
      await loginWithGoogle(auth, !!config?.authEmulatorUrl);
    } catch (error) {
      setAuthError(`Error: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, py: 6 }}>
      <Card sx={{ width: '100%', maxWidth: 420 }}>
        {busy && <LinearProgress aria-label="Signing in" />}
        <CardContent>
          <Typography variant="h4" component="h1" sx={{ textAlign: 'center', color: 'primary.main', mb: 2 }}>
            Login
          </Typography>
          <Box component="form" noValidate onSubmit={formik.handleSubmit}>
            <Stack spacing={2}>
              <TextField
                id="login-email"
                label="Email"
                name="email"
                type="email"
                autoComplete="email"
                value={formik.values.email}
                onChange={formik.handleChange}
                onBlur={formik.handleBlur}
                error={formik.touched.email && !!formik.errors.email}
                helperText={formik.touched.email && formik.errors.email}
                fullWidth
              />
              <TextField
                id="login-password"
                label="Password"
                name="password"
                type="password"
                autoComplete="current-password"
                value={formik.values.password}
                onChange={formik.handleChange}
                onBlur={formik.handleBlur}
                error={formik.touched.password && !!formik.errors.password}
                helperText={formik.touched.password && formik.errors.password}
                fullWidth
              />
              {authError && (
                <Typography role="alert" sx={{ color: 'red' }}>
                  {authError}
                </Typography>
              )}
              <Button type="submit" variant="contained" disabled={busy} fullWidth>
                Login
              </Button>
              <Button type="button" variant="text" onClick={handleReset} disabled={busy}>
                Reset Password
              </Button>
              <Typography sx={{ textAlign: 'center' }}>
                <Link component={RouterLink} to="/signup" state={location.state}>
                  New User? Sign Up
                </Link>
              </Typography>
            </Stack>
          </Box>
          <Divider sx={{ my: 2 }}>Or</Divider>
          <Button variant="outlined" fullWidth onClick={handleGoogle} disabled={busy}>
            Sign In With Google
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}
