import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { Avatar, Box, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { useFormik } from 'formik';
import { useSnackbar } from 'notistack';
import { type ProfileInput, profileInput } from '@keen/rules/schemas';
import { useAuth } from '../../lib/auth';
import { useMe } from '../../lib/useMe';
import FormikTextField from '../../components/FormikTextField';
import PhotoFileButton from '../../components/PhotoFileButton';
import Spinner from '../../components/Spinner';
import { errorMessage } from '../../lib/errors';
import { uploadImage } from '../../lib/upload';
import { zodValidate } from '../../lib/zodForm';
import { UpdateProfileMutation } from './operations';
import OrderEmailsSwitch from './OrderEmailsSwitch';
import MyDataCard from './MyDataCard';
import AddressBook from './addresses/AddressBook';

const validate = zodValidate(profileInput);

export default function MyProfilePage() {
  const { me, loading } = useMe();
  const { auth } = useAuth();
  const { enqueueSnackbar } = useSnackbar();
  const [updateProfile] = useMutation(UpdateProfileMutation);
  const [progress, setProgress] = useState<number | null>(null);

  const formik = useFormik<ProfileInput>({
    enableReinitialize: true,
    initialValues: { name: me?.name ?? '', phone: me?.phone ?? '', address: me?.address ?? '', img: me?.img ?? '' },
    validate,
    onSubmit: async (values) => {
      try {
        // The answer carries the user's id, so the cache updates every view of "me" by itself.
        const { data } = await updateProfile({
          variables: {
            input: { name: values.name.trim(), phone: values.phone.trim(), address: values.address.trim(), img: values.img.trim() },
          },
        });
        enqueueSnackbar(`${data?.updateProfile.name ?? values.name} profile has been updated`, { variant: 'success' });
      } catch (error) {
        enqueueSnackbar(errorMessage(error), { variant: 'error' });
      }
    },
  });

  const handleFile = async (file: File | undefined) => {
    if (!file) return;
    setProgress(0);
    try {
      const token = (await auth?.currentUser?.getIdToken()) ?? null;
      const url = await uploadImage(file, { token, onProgress: setProgress });
      await formik.setFieldValue('img', url);
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    } finally {
      setProgress(null);
    }
  };

  if (loading) return <Spinner />;

  return (
    <Stack spacing={3} sx={{ maxWidth: 600, mx: 'auto' }}>
      <Card>
        <CardContent>
          <Typography variant="h4" component="h1" sx={{ color: 'primary.main', mb: 2 }}>
            My Profile
          </Typography>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
            <Avatar src={formik.values.img || undefined} alt={formik.values.name || 'Profile photo'} sx={{ width: 64, height: 64 }} />
            <Box sx={{ minWidth: 0 }}>
              <Typography noWrap>{me?.email}</Typography>
              <Typography variant="body2" color="text.secondary">
                {me?.role === 'admin' ? 'Admin' : 'Customer'}
              </Typography>
            </Box>
          </Stack>
          <Box component="form" noValidate onSubmit={formik.handleSubmit}>
            <Stack spacing={2}>
              <FormikTextField formik={formik} id="profile-name" name="name" label="Name" autoComplete="name" />
              <FormikTextField
                formik={formik}
                id="profile-phone"
                name="phone"
                label="Phone"
                type="tel"
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
              <FormikTextField formik={formik} id="profile-address" name="address" label="Address" multiline minRows={2} />
              <Box>
                <PhotoFileButton inputLabel="Photo file" disabled={progress !== null} onFile={(file) => void handleFile(file)}>
                  Upload Photo
                </PhotoFileButton>
                {progress !== null && <LinearProgress variant="determinate" value={progress} aria-label="Upload progress" sx={{ mt: 1 }} />}
              </Box>
              <FormikTextField formik={formik} id="profile-img" name="img" label="Photo URL" type="url" />
              <Button type="submit" variant="contained" disabled={formik.isSubmitting || progress !== null}>
                Update Profile
              </Button>
            </Stack>
          </Box>
          <Box sx={{ mt: 3 }}>
            <OrderEmailsSwitch on={me?.orderEmails ?? true} />
          </Box>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <AddressBook />
        </CardContent>
      </Card>
      {me && (
        <Card>
          <CardContent>
            <MyDataCard email={me.email} />
          </CardContent>
        </Card>
      )}
    </Stack>
  );
}
