import { Box, IconButton } from '@mui/material';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCartOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { unitsIn, useCartLines } from '../../lib/cart';

/** The navbar's cart link: its name counts the units, a small badge shows them. */
export default function CartLink() {
  const units = unitsIn(useCartLines());
  return (
    <IconButton
      component={RouterLink}
      to="/cart"
      aria-label={`Cart (${units} ${units === 1 ? 'item' : 'items'})`}
      sx={{ mr: 1, position: 'relative' }}
    >
      <ShoppingCartIcon />
      {units > 0 && (
        <Box
          component="span"
          aria-hidden
          sx={{
            position: 'absolute',
            top: 2,
            right: 0,
            minWidth: 18,
            height: 18,
            px: 0.5,
            borderRadius: 9,
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            fontSize: 11,
            fontWeight: 700,
            lineHeight: '18px',
            textAlign: 'center',
          }}
        >
          {units > 99 ? '99+' : units}
        </Box>
      )}
    </IconButton>
  );
}
