import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { parseMajorAmount } from '@keen/rules';
import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useFormik } from 'formik';
import FormikAmountField from './FormikAmountField';
import FormikTextField from './FormikTextField';
import PhotoAttachments from './PhotoAttachments';
import RadioFieldset from './RadioFieldset';
import { contactMessageInput, MAX_MESSAGE_PHOTOS, MESSAGE_MAX_LENGTH, USUAL_ANSWER_TIME } from '../lib/contactMessage';
import { errorMessage } from '../lib/errors';
import { useShop } from '../lib/money';
import { useSubmitOnce } from '../lib/submitOnce';
import { uploadImage } from '../lib/upload';
import { zodValidate } from '../lib/zodForm';
import { MessageKnivesQuery, SendMessageMutation } from '../operations/messages';

/** Where a visitor's reference photos go before the message is sent (anyone may, limited per address). */
const MESSAGE_PHOTOS_URL = '/api/messages/photos';

type Kind = 'QUESTION' | 'COMMISSION';

interface ContactValues {
  name: string;
  address: string;
  message: string;
  kind: Kind;
  productId: string;
  budget: string;
  /** Hidden from people: a bot that fills it has its message dropped by the server. */
  website: string;
}

const INITIAL: ContactValues = { name: '', address: '', message: '', kind: 'QUESTION', productId: '', budget: '', website: '' };

/**
 * The contact form of the home page and /contactus: the SPEC's name, address (where to answer) and
 * message, and whether it is a question or a commission request; a commission may name a knife,
 * a budget and up to 3 reference photos. It sends `sendMessage`; staff answer by e-mail.
 * Its heading is the page's h1 on /contactus.
 */
export default function ContactForm({ headingLevel = 'h2' }: { headingLevel?: 'h1' | 'h2' }) {
  const { currency } = useShop();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [photos, setPhotos] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [sendMessage] = useMutation(SendMessageMutation);

  const formik = useFormik<ContactValues>({
    initialValues: INITIAL,
    validate: zodValidate(contactMessageInput(currency)),
    onSubmit: async (values, helpers) => {
      setFailure(null);
      const commission = values.kind === 'COMMISSION';
      try {
        await sendMessage({
          variables: {
            input: {
              name: values.name.trim(),
              email: values.address.trim(),
              message: values.message.trim(),
              kind: values.kind,
              ...(commission && values.productId && { productId: values.productId }),
              ...(commission && values.budget.trim() && { budget: parseMajorAmount(values.budget, currency) }),
              ...(commission && photos.length && { photos }),
              ...(values.website && { honeypot: values.website }),
            },
          },
        });
        setSent(true);
        setPhotos([]);
        helpers.resetForm();
      } catch (error) {
        setFailure(errorMessage(error));
      }
    },
  });
  const { sending, onSubmit } = useSubmitOnce(formik.submitForm);
  const commission = formik.values.kind === 'COMMISSION';

  async function addPhoto(file: File | undefined) {
    if (!file) return;
    setFailure(null);
    setUploading(true);
    try {
      const url = await uploadImage(file, { url: MESSAGE_PHOTOS_URL });
      setPhotos((current) => [...current, url]);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setUploading(false);
    }
  }

  return (
    <Box component="form" noValidate aria-labelledby="contact-us-heading" onSubmit={onSubmit} sx={{ maxWidth: 560, mx: 'auto' }}>
      <Typography id="contact-us-heading" variant="h4" component={headingLevel} sx={{ color: 'primary.main', textAlign: 'center', mb: 1 }}>
        Contact Us
      </Typography>
      <Typography sx={{ textAlign: 'center', color: 'text.secondary', mb: 2 }}>
        Ask a question, or ask for a knife made for you. {USUAL_ANSWER_TIME}
      </Typography>
      <Stack spacing={2}>
        <RadioFieldset
          legendId="contact-kind-legend"
          legend="What would you like?"
          name="kind"
          row
          value={formik.values.kind}
          onChange={(value) => void formik.setFieldValue('kind', value)}
          options={[
            { value: 'QUESTION', label: 'Ask a question' },
            { value: 'COMMISSION', label: 'Request a commission' },
          ]}
        />
        <FormikTextField formik={formik} id="contact-name" name="name" label="Name" autoComplete="name" required />
        <FormikTextField
          formik={formik}
          id="contact-address"
          name="address"
          label="Address"
          type="email"
          autoComplete="email"
          helperText="Your e-mail address: we answer there"
          required
        />
        <FormikTextField
          formik={formik}
          id="contact-message"
          name="message"
          label="Message"
          multiline
          minRows={4}
          required
          helperText={`${formik.values.message.length} / ${MESSAGE_MAX_LENGTH} characters`}
          slotProps={{ htmlInput: { maxLength: MESSAGE_MAX_LENGTH } }}
        />
        {commission && <CommissionFields formik={formik} currency={currency} />}
        {commission && (
          <Stack spacing={1}>
            <Typography variant="body2" color="text.secondary">
              Reference photos (up to {MAX_MESSAGE_PHOTOS}: JPEG, PNG or WebP)
            </Typography>
            <PhotoAttachments
              kind="Reference photo"
              photos={photos}
              max={MAX_MESSAGE_PHOTOS}
              uploading={uploading}
              addLabel="Add a reference photo"
              onFile={addPhoto}
              onRemove={(url) => setPhotos((current) => current.filter((photo) => photo !== url))}
            />
          </Stack>
        )}
        {/* A honeypot: hidden from people and from assistive technology; bots fill every field. */}
        <Box aria-hidden="true" sx={{ position: 'absolute', left: '-10000px', width: '1px', height: '1px', overflow: 'hidden' }}>
          <label htmlFor="contact-website">Leave this field empty</label>
          <input
            id="contact-website"
            name="website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={formik.values.website}
            onChange={formik.handleChange}
          />
        </Box>
        <Button type="submit" variant="contained" loading={sending} disabled={uploading}>
          Submit
        </Button>
        {failure && <Alert severity="error">{failure}</Alert>}
        {sent && (
          <Alert severity="success" role="status">
            Thank you for your message. {USUAL_ANSWER_TIME}
          </Alert>
        )}
      </Stack>
    </Box>
  );
}

/** A commission's knife (from the shop's, or none) and budget. */
function CommissionFields({ formik, currency }: { formik: ReturnType<typeof useFormik<ContactValues>>; currency: string }) {
  const knives = useQuery(MessageKnivesQuery);
  return (
    <>
      <TextField
        select
        id="contact-product"
        name="productId"
        label="A knife like this one (optional)"
        value={formik.values.productId}
        onChange={formik.handleChange}
        fullWidth
      >
        <MenuItem value="">None in particular</MenuItem>
        {(knives.data?.products.items ?? []).map((knife) => (
          <MenuItem key={knife.id} value={knife.id}>
            {knife.name}
          </MenuItem>
        ))}
      </TextField>
      <FormikAmountField formik={formik} id="contact-budget" name="budget" label="Budget (optional)" currency={currency} />
    </>
  );
}
