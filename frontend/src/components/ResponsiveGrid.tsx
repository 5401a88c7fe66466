import type { ReactNode } from 'react';
import { Box } from '@mui/material';

/**
 * One column on phones, up to `columns` on wider screens: a CSS grid, lighter than MUI's Grid
 * (the home page's first load counts every kilobyte).
 */
export default function ResponsiveGrid({ columns = 3, gap = 3, children }: { columns?: 2 | 3; gap?: number; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gap, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: `repeat(${columns}, 1fr)` } }}>
      {children}
    </Box>
  );
}
