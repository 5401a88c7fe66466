import { Button, Typography } from '@mui/material';

/** The Pay button under either card form, and the card's refusal beneath it (SPEC's red text). */
export default function PayButton({ disabled, loading, cardError }: { disabled: boolean; loading: boolean; cardError: string | null }) {
  return (
    <>
      <Button type="submit" variant="contained" size="small" sx={{ mt: 2 }} disabled={disabled} loading={loading}>
        Pay
      </Button>
      {cardError && (
        <Typography role="alert" sx={{ color: 'red', mt: 1 }}>
          {cardError}
        </Typography>
      )}
    </>
  );
}
