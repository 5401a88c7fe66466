import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '@mui/material';

interface PhotoFileButtonProps {
  /** The button's text ("Choose Photo"). */
  children: ReactNode;
  /** The hidden file input's accessible name. */
  inputLabel: string;
  /** The file input's form name. */
  name?: string;
  variant?: ButtonProps['variant'];
  disabled?: boolean;
  /** The photo chosen, or undefined when the picker was cancelled. */
  onFile: (file: File | undefined) => void;
}

/**
 * The one way to choose a photo to upload: a button that opens the file picker for the types the
 * server takes (JPEG, PNG and WebP). The input is emptied after each choice, so choosing the same
 * file again (after a failed upload, say) is a choice too.
 */
export default function PhotoFileButton({ children, inputLabel, name, variant = 'outlined', disabled, onFile }: PhotoFileButtonProps) {
  return (
    <Button component="label" variant={variant} disabled={disabled}>
      {children}
      <input
        hidden
        type="file"
        name={name}
        aria-label={inputLabel}
        accept="image/jpeg,image/png,image/webp"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          onFile(file);
        }}
      />
    </Button>
  );
}
