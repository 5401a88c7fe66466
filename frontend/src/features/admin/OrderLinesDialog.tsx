import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TableCell, TableRow, Typography } from '@mui/material';
import EngravingText from '../../components/engraving/EngravingText';
import SimpleTable from '../../components/SimpleTable';
import type { OrderFieldsFragment } from '../../gql/graphql';

/** Every line of one order (All Orders' detail panel): product, units, prices and engraving. */
export default function OrderLinesDialog({ order, onClose }: { order: OrderFieldsFragment | null; onClose: () => void }) {
  return (
    <Dialog open={order !== null} onClose={onClose} aria-labelledby="order-lines-title" fullWidth maxWidth="md">
      <DialogTitle id="order-lines-title">Lines of the order by {order?.userName}</DialogTitle>
      <DialogContent sx={{ overflowX: 'auto' }}>
        <SimpleTable
          label="Order lines"
          columns={[
            'Product',
            'Engraving',
            { label: 'Quantity', align: 'right' },
            { label: 'Unit price', align: 'right' },
            { label: 'Line total', align: 'right' },
          ]}
        >
          {order?.lines.map((line) => (
            <TableRow key={line.id}>
              <TableCell>{line.name}</TableCell>
              <TableCell>{line.engraving ? <EngravingText engraving={line.engraving} label="" /> : '-'}</TableCell>
              <TableCell align="right">{line.quantity}</TableCell>
              <TableCell align="right">
                ${line.unitPrice}
                {line.engraving ? ` + $${line.engraving.unitPrice}` : ''}
              </TableCell>
              <TableCell align="right">${line.lineTotal}</TableCell>
            </TableRow>
          ))}
        </SimpleTable>
        <Typography sx={{ mt: 2, textAlign: 'right', fontWeight: 600 }}>Total: ${order?.totalPrice}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
