import { Box } from '@mui/material';

/** "Skip to content": the first stop of the Tab key, hidden until focused; jumps past the navbar to <main id="main">. */
export default function SkipLink() {
  return (
    <Box
      component="a"
      href="#main"
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: 'tooltip',
        p: 1,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        '&:focus': { top: 8 },
      }}
    >
      Skip to content
    </Box>
  );
}
