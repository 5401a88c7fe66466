import { useState } from 'react';
import { Box, Chip, Stack } from '@mui/material';
import { useFormatMoney } from '../../lib/money';
import CodeEntry from './CodeEntry';
import { GIFT_CARD_LIMIT, type Delivery } from './useDelivery';

interface GiftCardFieldProps {
  delivery: Delivery;
  idPrefix: string;
}

/**
 * Gift cards for the order, after the discount code: each code is checked (its balance looked up) and
 * kept in the order given, each chip naming what that card pays of the total once it is known; a
 * refused code, or placeOrder's refusal of an applied one, says why under the field.
 */
export default function GiftCardField({ delivery, idPrefix }: GiftCardFieldProps) {
  const formatMoney = useFormatMoney();
  const [refusal, setRefusal] = useState<string | null>(null);
  // The server's quote: what each card would pay (a card the total does not reach pays nothing and is not listed).
  const quoted = delivery.option?.totals ?? delivery.undeliveredTotals;
  const shareOf = (lastFour: string) =>
    delivery.giftCardPayments.find((payment) => payment.lastFour === lastFour)?.amount.formatted ??
    (quoted ? formatMoney(0, quoted.total.currency) : null);

  const apply = async (typed: string) => {
    const refused = typed.trim() ? await delivery.applyGiftCard(typed) : 'Enter a gift card code';
    setRefusal(refused);
    return !refused;
  };
  const shown = refusal ?? delivery.giftCardRefusal;
  return (
    <Stack spacing={1}>
      {delivery.giftCards.length > 0 && (
        <Box
          component="ul"
          aria-label="Gift cards applied"
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
        >
          {delivery.giftCards.map((card) => (
            <li key={card.code}>
              <Chip
                label={`Gift card •••• ${card.lastFour}${shareOf(card.lastFour) ? `: ${shareOf(card.lastFour)}` : ''}`}
                onDelete={() => delivery.removeGiftCard(card.code)}
              />
            </li>
          ))}
        </Box>
      )}
      {delivery.giftCards.length < GIFT_CARD_LIMIT && (
        <CodeEntry
          id={`${idPrefix}-gift-card`}
          label="Gift card code"
          applyName="Apply gift card"
          refusal={shown}
          onType={() => setRefusal(null)}
          onApply={apply}
        />
      )}
    </Stack>
  );
}
