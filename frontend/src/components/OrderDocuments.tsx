import { Button, Stack, Typography } from '@mui/material';
import { graphql } from '../gql';
import type { OrderDocumentsFieldsFragment as OrderDocumentsFields } from '../gql/graphql';
import { downloadWithToken } from '../lib/download';
import { useNotifiedAction } from '../lib/useNotifiedAction';

/** An order's invoice and its refunds' credit notes, with where each PDF is downloaded. */
export const OrderDocumentsFieldsFragment = graphql(`
  fragment OrderDocumentsFields on Order {
    id
    invoiceNumber
    invoiceUrl
    vatNumber
    vatReverseCharge
    totals {
      refunded {
        ...MoneyFields
      }
    }
    refunds {
      id
      creditNoteNumber
      creditNoteUrl
      createdAt
      reason
      amount {
        ...MoneyFields
      }
    }
  }
`);

/** What refunds returned, Download invoice, and a button per credit note: nothing before the order is paid. */
export default function OrderDocuments({ order }: { order: OrderDocumentsFields }) {
  const notified = useNotifiedAction();
  if (!order.invoiceUrl) return null;
  const download = (url: string, number: string) => notified(() => downloadWithToken(url, `${number}.pdf`));
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      {order.vatNumber && (
        <Typography variant="body2">
          VAT number: {order.vatNumber}
          {order.vatReverseCharge && ' (reverse charge: no VAT charged)'}
        </Typography>
      )}
      {order.totals.refunded.amount > 0 && <Typography variant="body2">Refunded: {order.totals.refunded.formatted}</Typography>}
      <Button
        size="small"
        variant="outlined"
        onClick={() => download(order.invoiceUrl!, order.invoiceNumber!)}
        aria-label={`Download invoice ${order.invoiceNumber}`}
      >
        Download invoice
      </Button>
      {order.refunds.map((refund) => (
        <Button key={refund.id} size="small" onClick={() => download(refund.creditNoteUrl, refund.creditNoteNumber)}>
          Credit note {refund.creditNoteNumber}
        </Button>
      ))}
    </Stack>
  );
}
