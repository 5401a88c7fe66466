/**
 * A printable page's style: only the element with `className` prints (the navigation, footer and
 * buttons stay on screen), without its `.no-print` parts. A plain style element (not MUI's
 * GlobalStyles) keeps these pages from splitting a shared chunk off the first load.
 */
export default function PrintOnly({ className, page }: { className: string; page: 'A4 portrait' | 'A4 landscape' }) {
  return (
    <style>{`
      @page { size: ${page}; margin: 12mm; }
      @media print {
        body * { visibility: hidden; }
        .${className}, .${className} * { visibility: visible; }
        .${className} { position: absolute; left: 0; top: 0; width: 100%; }
        .${className} .no-print { display: none; }
      }
    `}</style>
  );
}

/**
 * A printable sheet's colours, black on white whatever the theme: the dark theme's light text (in
 * tables and secondary text) would be unreadable on the sheet, on screen and on paper.
 */
export const SHEET_COLORS = {
  bgcolor: '#fff',
  color: '#000',
  '& .MuiTableCell-root, & .MuiTypography-root': { color: 'inherit' },
} as const;
