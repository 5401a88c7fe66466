import { useQuery } from '@apollo/client/react';
import { Box, Typography } from '@mui/material';
import { useParams } from 'react-router-dom';
import ParcelNotice from '../../components/ParcelNotice';
import PageLoadError from '../../components/PageLoadError';
import PrintOnly, { SHEET_COLORS } from '../../components/PrintOnly';
import PrintToolbar from '../../components/PrintToolbar';
import Spinner from '../../components/Spinner';
import { engravingPlacementLabel } from '@keen/rules';
import EngravingPreview from '../../components/engraving/EngravingPreview';
import { engravingFontFamily } from '../../components/engraving/fonts';
import { lineName } from '../../lib/variants';
import { EngravingSheetQuery } from './operations';

/**
 * /engravingSheet/{id} (admin): what the workshop engraves, with the blade and the text at real
 * size; an age-restricted order's sheet carries its parcel notice. A line whose proof the customer
 * has not approved prints as a DRAFT, never as the final sheet.
 */
export default function EngravingSheetPage() {
  const { id = '' } = useParams();
  const { data, loading, error } = useQuery(EngravingSheetQuery, { variables: { id } });

  if (loading && !data) return <Spinner />;
  const order = data?.order;
  if (error || !order) {
    return <PageLoadError error={error} missing="Order not found" />;
  }
  // Every engraved line of the order, each with its own text, font and units.
  const engraved = order.lines.flatMap((line) =>
    line.engraving ? [{ ...line, name: lineName(line.name, line.variantName), engraving: line.engraving }] : [],
  );
  const fontName = (id: string) => data.engravingFonts.find((font) => font.id === id)?.name ?? id;
  return (
    <Box className="engraving-sheet" sx={{ p: 4, ...SHEET_COLORS }}>
      <PrintOnly className="engraving-sheet" page="A4 landscape" />
      <PrintToolbar disabled={!engraved.length} />
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        Engraving sheet
      </Typography>
      {order.parcelNotice && <ParcelNotice notice={order.parcelNotice} />}
      {order.workshopNote && (
        <Box role="note" aria-label="Note to the workshop" sx={{ border: '2px dashed #000', borderRadius: 1, p: 2, mb: 3 }}>
          <Typography component="p" sx={{ fontWeight: 700 }}>
            Note to the workshop
          </Typography>
          <Typography component="p" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {order.workshopNote}
          </Typography>
        </Box>
      )}
      {engraved.length ? (
        engraved.map(({ id: lineId, name, sku, quantity, engraving, proofRequired, proofApproved }) => (
          <Box key={lineId} component="section" aria-label={`Engraving for ${name}`} sx={{ mb: 4, position: 'relative' }}>
            {proofRequired && !proofApproved && (
              <Typography role="alert" sx={{ border: '3px solid #000', borderRadius: 1, p: 1.5, mb: 2, fontWeight: 800, letterSpacing: 1 }}>
                DRAFT: the customer has not approved this engraving&apos;s proof. Do not engrave.
              </Typography>
            )}
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: 'max-content 1fr',
                columnGap: 3,
                rowGap: 0.5,
                m: 0,
                mb: 3,
                '& dt': { fontWeight: 600 },
                '& dd': { m: 0 },
              }}
            >
              <dt>Order</dt>
              <dd>{order.id}</dd>
              <dt>Product</dt>
              <dd>{name}</dd>
              {sku && (
                <>
                  <dt>SKU</dt>
                  <dd>{sku}</dd>
                </>
              )}
              <dt>Customer</dt>
              <dd>{order.userName}</dd>
              <dt>Quantity</dt>
              <dd>{quantity}</dd>
              <dt>Placement</dt>
              <dd>{engravingPlacementLabel(engraving.placement)}</dd>
              <dt>Font</dt>
              <dd>{fontName(engraving.font)}</dd>
              <dt>Text</dt>
              <dd style={{ fontFamily: engravingFontFamily(engraving.font), fontSize: '1.5em' }}>{engraving.text}</dd>
            </Box>
            <Typography variant="body2" sx={{ mb: 1 }}>
              Drawn at real size (a 250 mm knife, text 6 mm high). Engrave the same text on each of the {quantity} units.
            </Typography>
            <Box sx={{ overflowX: 'auto' }}>
              <EngravingPreview text={engraving.text} font={engraving.font} placement={engraving.placement} realSize />
            </Box>
          </Box>
        ))
      ) : (
        <Typography role="alert">This order has no engraving.</Typography>
      )}
    </Box>
  );
}
