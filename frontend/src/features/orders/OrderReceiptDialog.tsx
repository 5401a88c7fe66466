import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { shortOrderId } from '@keen/rules';
import OrderDelivery from '../../components/OrderDelivery';
import EngravingText from '../../components/engraving/EngravingText';
import type { OrderFieldsFragment } from '../../gql/graphql';
import { lineName } from '../../lib/variants';
import { useFullScreenDialog } from '../../components/useFullScreenDialog';
import OrderDocuments from '../../components/OrderDocuments';

/** One order of My Orders as its receipt reads: the lines, where it ships and how, and the breakdown of its total. */
interface OrderReceiptDialogProps {
  open: boolean;
  /** Kept while the dialog closes, so that its content stays until it has faded out. */
  order: OrderFieldsFragment | null;
  onClose: () => void;
}

export default function OrderReceiptDialog({ open, order, onClose }: OrderReceiptDialogProps) {
  const fullScreen = useFullScreenDialog();
  return (
    <Dialog
      open={open && order !== null}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby="order-receipt-title"
    >
      {order && (
        <>
          <DialogTitle id="order-receipt-title">Order #{shortOrderId(order.id)}</DialogTitle>
          <DialogContent>
            <Box component="ul" aria-label="Order lines" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {order.lines.map((line) => (
                <Box component="li" key={line.id} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5 }}>
                  <Box>
                    <Typography>
                      {line.quantity} x {lineName(line.name, line.variantName)}
                    </Typography>
                    <EngravingText engraving={line.engraving} />
                  </Box>
                  <Typography>{line.lineAmount.formatted}</Typography>
                </Box>
              ))}
            </Box>
            <OrderDelivery order={order} headingComponent="h3" />
            <OrderDocuments order={order} />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
