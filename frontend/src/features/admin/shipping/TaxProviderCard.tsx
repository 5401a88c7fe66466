import { useQuery } from '@apollo/client/react';
import { Alert, Card, CardContent, Typography } from '@mui/material';
import { TaxProviderStatusQuery } from './operations';

/** Which tax provider computes orders' tax and, for Stripe Tax, whether its last calculation succeeded. */
export default function TaxProviderCard() {
  const { data } = useQuery(TaxProviderStatusQuery, { fetchPolicy: 'cache-and-network' });
  const status = data?.taxProviderStatus;
  if (!status) return null;
  const stripe = status.provider === 'stripe';
  return (
    <Card variant="outlined" component="section" aria-label="Tax provider">
      <CardContent>
        <Typography variant="subtitle1" component="p">
          Tax provider: {stripe ? 'Stripe Tax' : 'Keen rates'}
        </Typography>
        {!stripe ? (
          <Typography variant="body2" color="text.secondary">
            Orders are taxed at the rates below: a region&apos;s rate where one is set, else its zone&apos;s.
          </Typography>
        ) : status.lastError ? (
          <Alert severity="error">
            The last calculation failed{status.lastCalculationAt ? ` (${new Date(status.lastCalculationAt).toLocaleString()})` : ''}:{' '}
            {status.lastError}. Checkouts are refused until Stripe Tax answers.
          </Alert>
        ) : status.lastCalculationAt ? (
          <Alert severity="success">The last calculation succeeded ({new Date(status.lastCalculationAt).toLocaleString()}).</Alert>
        ) : (
          <Typography variant="body2" color="text.secondary">
            No calculation since the server started. Stripe Tax computes each order&apos;s tax; the rates below are not used.
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
