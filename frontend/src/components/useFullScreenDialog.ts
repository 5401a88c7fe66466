import { useMediaQuery, useTheme } from '@mui/material';

/** Whether a dialog takes the whole screen: on a phone a floating one leaves too little room for its form. */
export function useFullScreenDialog(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm'));
}
