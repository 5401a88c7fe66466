import { useQuery } from '@apollo/client/react';
import { Box, TableCell, TableRow, Typography } from '@mui/material';
import { shortOrderId } from '@keen/rules';
import { useParams } from 'react-router-dom';
import PageLoadError from '../../components/PageLoadError';
import PrintOnly, { SHEET_COLORS } from '../../components/PrintOnly';
import PrintToolbar from '../../components/PrintToolbar';
import SimpleTable from '../../components/SimpleTable';
import Spinner from '../../components/Spinner';
import { lineName } from '../../lib/variants';
import { GiftSlipQuery } from './operations';

/**
 * /giftSlip/{id} (admin): the slip that goes in a gift's parcel beside the packing slip: the buyer's
 * gift message and what is in the parcel, with no price anywhere (its query reads none).
 */
export default function GiftSlipPage() {
  const { id = '' } = useParams();
  const { data, loading, error } = useQuery(GiftSlipQuery, { variables: { id } });

  if (loading && !data) return <Spinner />;
  const order = data?.order;
  if (error || !order) {
    return <PageLoadError error={error} missing="Order not found" />;
  }
  return (
    <Box className="gift-slip" sx={{ p: { xs: 2, sm: 4 }, ...SHEET_COLORS }}>
      <PrintOnly className="gift-slip" page="A4 portrait" />
      <PrintToolbar disabled={!order.giftMessage} />
      <Typography variant="h6" component="p">
        {data.shop.name}
      </Typography>
      <Typography variant="h4" component="h1">
        Gift slip
      </Typography>
      <Typography sx={{ mt: 1 }}>Order #{shortOrderId(order.id)}</Typography>
      {order.giftMessage ? (
        <Box role="note" aria-label="Gift message" sx={{ border: '2px solid #000', borderRadius: 1, p: { xs: 2, sm: 3 }, my: 3 }}>
          <Typography component="p" sx={{ fontSize: '1.25rem', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', color: '#000' }}>
            {order.giftMessage}
          </Typography>
        </Box>
      ) : (
        <Typography role="alert" sx={{ my: 3 }}>
          This order has no gift message.
        </Typography>
      )}
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        In the parcel
      </Typography>
      <SimpleTable label="Gift contents" columns={['Item', { label: 'Quantity', align: 'right' }]}>
        {order.lines.map((line) => (
          <TableRow key={line.id}>
            <TableCell>{lineName(line.name, line.variantName)}</TableCell>
            <TableCell align="right">{line.quantity}</TableCell>
          </TableRow>
        ))}
      </SimpleTable>
    </Box>
  );
}
