import { Button, type ButtonProps } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useNavigate } from 'react-router-dom';
import { cart, type CartLine, MAX_CART_LINES } from '../lib/cart';
import { toastAction } from './toastAction';

interface AddToCartButtonProps extends Omit<ButtonProps, 'onClick'> {
  /** The line to add, or null when the form around it says the choice is not valid yet. */
  line: () => CartLine | null;
  productName: string;
}

/** Adds a line to the cart, with a toast whose action opens the cart. */
export default function AddToCartButton({ line, productName, ...props }: AddToCartButtonProps) {
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const add = () => {
    const chosen = line();
    if (!chosen) return;
    if (!cart.add(chosen)) {
      enqueueSnackbar(`Your cart is full: an order may have at most ${MAX_CART_LINES} lines`, { variant: 'error' });
      return;
    }
    enqueueSnackbar('Added to cart', { variant: 'success', action: toastAction('View cart', () => navigate('/cart')) });
  };
  return (
    <Button variant="outlined" onClick={add} aria-label={`Add to cart: ${productName}`} {...props}>
      Add to cart
    </Button>
  );
}
