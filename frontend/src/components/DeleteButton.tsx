import { Button, type ButtonProps } from '@mui/material';

interface DeleteButtonProps extends Omit<ButtonProps, 'children' | 'color' | 'size'> {
  /** What it deletes, for a screen reader among a list's many Delete buttons: 'Delete Summer knives'. */
  'aria-label': string;
}

/** A row's Delete button (small, red); what follows it (asking first) is the caller's. */
export default function DeleteButton(props: DeleteButtonProps) {
  return (
    <Button size="small" color="error" {...props}>
      Delete
    </Button>
  );
}
