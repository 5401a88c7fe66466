import { useState } from 'react';
import { Alert, Stack } from '@mui/material';
import { useFormik } from 'formik';
import FormDialog from '../../components/FormDialog';
import FormikTextField from '../../components/FormikTextField';
import { errorMessage } from '../../lib/errors';

export interface ProofAnswer {
  comment: string;
  /** The engraving text, corrected or as it was. */
  text: string;
}

/** The most a comment may say (the server's limit). */
const COMMENT_MAX = 1000;

/**
 * Ask for changes to a proof: what should change, and the engraving text corrected if it must be
 * (within the product's rules; the price stays). The server's refusal shows in the dialog.
 */
export default function ProofAnswerDialog({
  open,
  version,
  text,
  onSend,
  onClose,
}: {
  open: boolean;
  version: number;
  text: string;
  onSend: (answer: ProofAnswer) => Promise<void>;
  onClose: () => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const formik = useFormik<ProofAnswer>({
    enableReinitialize: true,
    initialValues: { comment: '', text },
    validate: (values) => {
      const comment = values.comment.trim();
      if (!comment) return { comment: 'Say what should change' };
      if (comment.length > COMMENT_MAX) return { comment: `At most ${COMMENT_MAX} characters` };
      if (!values.text.trim()) return { text: 'Enter the text to engrave' };
      return {};
    },
    onSubmit: async (values) => {
      setFailure(null);
      try {
        await onSend({ comment: values.comment.trim(), text: values.text.trim() });
      } catch (error) {
        setFailure(errorMessage(error));
      }
    },
  });
  return (
    <FormDialog
      open={open}
      onClose={() => {
        setFailure(null);
        onClose();
      }}
      id="proof-changes"
      title={`Ask for changes to version ${version}`}
      submitLabel="Send my changes"
      formik={formik}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormikTextField formik={formik} name="comment" label="What should change?" multiline minRows={3} required />
        <FormikTextField
          formik={formik}
          name="text"
          label="Engraving text"
          helperText="Correct it here if it must change; the price stays the same."
        />
        {failure && <Alert severity="error">{failure}</Alert>}
      </Stack>
    </FormDialog>
  );
}
