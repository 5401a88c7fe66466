import { useQuery } from '@apollo/client/react';
import { Box, TableCell, TableRow, Typography } from '@mui/material';
import { shortOrderId } from '@keen/rules';
import { useParams } from 'react-router-dom';
import AddressLines from '../../components/address/AddressLines';
import ParcelNotice from '../../components/ParcelNotice';
import PageLoadError from '../../components/PageLoadError';
import PrintOnly, { SHEET_COLORS } from '../../components/PrintOnly';
import PrintToolbar from '../../components/PrintToolbar';
import SimpleTable from '../../components/SimpleTable';
import Spinner from '../../components/Spinner';
import { useShop } from '../../lib/money';
import { PackingSlipQuery } from './operations';

/**
 * /packingSlip/{id} (admin): what goes in the parcel and where it goes, printed for the packer; an
 * age-restricted order's slip carries its parcel notice in large type.
 */
export default function PackingSlipPage() {
  const { id = '' } = useParams();
  const { data, loading, error } = useQuery(PackingSlipQuery, { variables: { id } });
  const shop = useShop();

  if (loading && !data) return <Spinner />;
  const order = data?.order;
  if (error || !order) {
    return <PageLoadError error={error} missing="Order not found" />;
  }
  return (
    <Box className="packing-slip" sx={{ p: { xs: 2, sm: 4 }, ...SHEET_COLORS }}>
      <PrintOnly className="packing-slip" page="A4 portrait" />
      <PrintToolbar />
      <Typography variant="h6" component="p">
        {data.shop.name}
      </Typography>
      <Typography variant="h4" component="h1">
        Packing slip
      </Typography>
      <Typography sx={{ mt: 1 }}>
        Order #{shortOrderId(order.id)} · {new Date(order.createdAt).toLocaleDateString()}
      </Typography>
      <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
        {order.id}
      </Typography>
      {order.parcelNotice && <ParcelNotice notice={order.parcelNotice} />}
      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        Ship to
      </Typography>
      {order.shippingAddress ? (
        <AddressLines address={order.shippingAddress} label="Ship to" homeCountry={shop.country} />
      ) : (
        // An order placed before structured addresses keeps its address as text.
        <Box role="group" aria-label="Ship to">
          <Typography variant="body2">{order.userName}</Typography>
          <Typography variant="body2">{order.address}</Typography>
          <Typography variant="body2">{order.phone}</Typography>
        </Box>
      )}
      {order.shippingMethodName && <Typography sx={{ mt: 1 }}>Delivery: {order.shippingMethodName}</Typography>}
      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        In the parcel
      </Typography>
      <SimpleTable label="Packing list" columns={['Product', 'Variant', 'SKU', { label: 'Quantity', align: 'right' }]}>
        {order.lines.map((line) => (
          <TableRow key={line.id}>
            <TableCell>{line.name}</TableCell>
            <TableCell>{line.variantName || '-'}</TableCell>
            <TableCell>{line.sku ?? '-'}</TableCell>
            <TableCell align="right">{line.quantity}</TableCell>
          </TableRow>
        ))}
      </SimpleTable>
    </Box>
  );
}
