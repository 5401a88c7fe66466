import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TableCell, TableRow, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import EngravingText from '../../components/engraving/EngravingText';
import OrderTotals from '../../components/OrderTotals';
import SimpleTable from '../../components/SimpleTable';
import type { OrderFieldsFragment } from '../../gql/graphql';
import { lineName } from '../../lib/variants';
import OrderDocuments from '../../components/OrderDocuments';

/**
 * Every line of one order (All Orders' detail panel): product with its variant, SKU, units, prices and
 * engraving; then its totals, the buyer's gift message (with its gift slip to print) and note to the workshop.
 */
export default function OrderLinesDialog({ order, onClose }: { order: OrderFieldsFragment | null; onClose: () => void }) {
  return (
    <Dialog open={order !== null} onClose={onClose} aria-labelledby="order-lines-title" fullWidth maxWidth="md">
      <DialogTitle id="order-lines-title">Lines of the order by {order?.userName}</DialogTitle>
      <DialogContent sx={{ overflowX: 'auto' }}>
        <SimpleTable
          label="Order lines"
          columns={[
            'Product',
            'SKU',
            'Engraving',
            { label: 'Quantity', align: 'right' },
            { label: 'Unit price', align: 'right' },
            { label: 'Line total', align: 'right' },
          ]}
        >
          {order?.lines.map((line) => (
            <TableRow key={line.id}>
              <TableCell>{lineName(line.name, line.variantName)}</TableCell>
              <TableCell>{line.sku ?? '-'}</TableCell>
              <TableCell>{line.engraving ? <EngravingText engraving={line.engraving} label="" /> : '-'}</TableCell>
              <TableCell align="right">{line.quantity}</TableCell>
              <TableCell align="right">
                {line.unitAmount.formatted}
                {line.engraving ? ` + ${line.engraving.unitAmount.formatted}` : ''}
              </TableCell>
              <TableCell align="right">{line.lineAmount.formatted}</TableCell>
            </TableRow>
          ))}
        </SimpleTable>
        {order && (
          <Box sx={{ mt: 2, ml: 'auto', maxWidth: 360 }}>
            <OrderTotals totals={order.totals} shippingMethodName={order.shippingMethodName} adjustments={order.adjustments} />
          </Box>
        )}
        {order?.giftMessage && <BuyerText title="Gift message" text={order.giftMessage} />}
        {order?.workshopNote && <BuyerText title="Note to the workshop" text={order.workshopNote} />}
        {order && <OrderDocuments order={order} />}
      </DialogContent>
      <DialogActions>
        {order?.giftMessage && (
          <Button component={RouterLink} to={`/giftSlip/${order.id}`}>
            Print gift slip
          </Button>
        )}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

function BuyerText({ title, text }: { title: string; text: string }) {
  return (
    <Box component="section" aria-label={title} sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {text}
      </Typography>
    </Box>
  );
}
