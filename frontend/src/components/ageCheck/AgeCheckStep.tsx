import { type KeyboardEvent, useEffect, useRef } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  FormControl,
  FormControlLabel,
  FormHelperText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { AGE_CHECK_FAILED, TEST_AGE_DOCUMENTS, TEST_NEEDS_DOCUMENT_NAME } from '@keen/rules';
import VerifyEmailPrompt from '../emailVerification/VerifyEmailPrompt';
import type { AgeCheck, AgeCheckValues } from './useAgeCheck';

interface AgeCheckStepProps {
  check: AgeCheck;
  /** Prefixes the inputs' ids (the checkout's and the purchase page's). */
  idPrefix: string;
}

/** The test provider's documents, as its test cards are named. */
const TEST_DOCUMENTS = [
  { label: 'Adult ID (test)', value: TEST_AGE_DOCUMENTS.adult },
  { label: 'Under-18 ID (test)', value: TEST_AGE_DOCUMENTS.minor },
];

/** Today as a date input's bound (YYYY-MM-DD). */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * "Age check", before Place order when the order has an age-restricted line and the customer no
 * current pass: full name and date of birth (and the declaration the `declared` provider needs),
 * then the answer. Not a form of its own (it sits inside the order's form): its button and Enter in
 * its fields confirm the age. A customer whose e-mail address is not verified is asked to verify it
 * first, in place of the form. Driven by `useAgeCheck`.
 */
export default function AgeCheckStep({ check, idPrefix }: AgeCheckStepProps) {
  const section = useRef<HTMLElement>(null);
  const { attention } = check;
  // An answer replaces what the customer was using (the button goes): their focus follows it.
  useEffect(() => {
    if (attention) section.current?.focus();
  }, [attention]);
  if (check.stage === 'hidden') return null;
  const headingId = `${idPrefix}-age-check`;

  return (
    <Box component="section" ref={section} tabIndex={-1} aria-labelledby={headingId} sx={{ outline: 'none' }}>
      <Typography variant="h6" component="h2" id={headingId} sx={{ mb: 1 }}>
        Age check
      </Typography>
      <StageBody check={check} idPrefix={idPrefix} />
    </Box>
  );
}

function StageBody({ check, idPrefix }: AgeCheckStepProps) {
  switch (check.stage) {
    case 'hidden':
      return null;
    case 'checkingEmail':
      return (
        <Box role="status" sx={{ display: 'flex', py: 1 }}>
          <CircularProgress size={24} aria-label="Checking your e-mail address" />
        </Box>
      );
    case 'verifyEmail':
      return (
        <VerifyEmailPrompt
          verification={check.email}
          title="Verify your e-mail address to confirm your age"
          onVerified={check.emailVerified}
        />
      );
    case 'confirmed':
      return (
        <Stack direction="row" spacing={1} role="status" sx={{ alignItems: 'center' }}>
          <CheckCircleIcon color="success" aria-hidden />
          <Typography>Age confirmed</Typography>
        </Stack>
      );
    case 'failed':
      // Never explained further (the server's rule): no reason, no date, no retry.
      return <Alert severity="error">{AGE_CHECK_FAILED}</Alert>;
    case 'document':
      return <DocumentStage check={check} idPrefix={idPrefix} />;
    case 'form':
      return <AgeForm check={check} idPrefix={idPrefix} />;
  }
}

function AgeForm({ check, idPrefix }: AgeCheckStepProps) {
  const { form, confirm } = check;
  const id = (part: string) => `${idPrefix}-age-${part}`;
  const shown = (field: keyof AgeCheckValues) => (form.touched[field] || form.submitCount > 0 ? form.errors[field] : undefined);
  // Enter in a field confirms the age, not the order around it.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
    confirm.onSubmit(event);
  };

  return (
    <Stack spacing={2} role="group" aria-label="Confirm your age" onKeyDown={onKeyDown}>
      <Typography color="text.secondary">
        Your order has an age-restricted item (a bladed article). Confirm your age to place it: your date of birth is checked, never kept.
      </Typography>
      {check.required && <Alert severity="warning">{check.required}</Alert>}
      {check.refusal && <Alert severity="error">{check.refusal}</Alert>}
      <TextField
        id={id('name')}
        name="fullName"
        label="Name as on your ID"
        autoComplete="name"
        value={form.values.fullName}
        onChange={form.handleChange}
        onBlur={form.handleBlur}
        error={!!shown('fullName')}
        helperText={shown('fullName')}
        fullWidth
      />
      <TextField
        id={id('date-of-birth')}
        name="dateOfBirth"
        label="Date of birth"
        type="date"
        autoComplete="bday"
        value={form.values.dateOfBirth}
        onChange={form.handleChange}
        onBlur={form.handleBlur}
        error={!!shown('dateOfBirth')}
        helperText={shown('dateOfBirth')}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today() } }}
        fullWidth
      />
      {check.provider === 'declared' && (
        <FormControl error={!!shown('declaration')}>
          <FormControlLabel
            control={
              <Checkbox
                id={id('declaration')}
                name="declaration"
                checked={form.values.declaration}
                onChange={form.handleChange}
                slotProps={{ input: { 'aria-describedby': shown('declaration') ? id('declaration-error') : undefined } }}
              />
            }
            label="I declare that the date of birth I gave is my own and true"
          />
          {shown('declaration') && <FormHelperText id={id('declaration-error')}>{shown('declaration')}</FormHelperText>}
        </FormControl>
      )}
      {check.provider === 'test' && (
        <Typography variant="body2" color="text.secondary">
          Test provider: a date of birth 18 or more years back passes, a younger one fails; the full name “{TEST_NEEDS_DOCUMENT_NAME}” asks
          for a document.
        </Typography>
      )}
      <Box>
        <Button variant="outlined" onClick={confirm.onSubmit} loading={confirm.sending}>
          Confirm my age
        </Button>
      </Box>
    </Stack>
  );
}

function DocumentStage({ check, idPrefix }: AgeCheckStepProps) {
  const { sendDocument } = check;
  return (
    <Stack spacing={2}>
      <Alert severity="info">To confirm your age we need to see an identity document.</Alert>
      {check.refusal && <Alert severity="error">{check.refusal}</Alert>}
      {check.provider === 'test' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            id={`${idPrefix}-age-document`}
            select
            label="Test document"
            value={check.document}
            onChange={(event) => check.chooseDocument(event.target.value)}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            sx={{ minWidth: 220 }}
          >
            {TEST_DOCUMENTS.map((document) => (
              <option key={document.value} value={document.value}>
                {document.label}
              </option>
            ))}
          </TextField>
          <Button variant="outlined" onClick={sendDocument.onSubmit} loading={sendDocument.sending} sx={{ alignSelf: { sm: 'center' } }}>
            Submit document
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
