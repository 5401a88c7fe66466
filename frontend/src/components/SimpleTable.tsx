import type { ReactNode } from 'react';
import { Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';

/** A column heading: its text, and `right` for numbers. */
export type Column = string | { label: string; align: 'right' };

interface SimpleTableProps {
  /** The table's accessible name. */
  label: string;
  columns: Column[];
  /** The rows, as TableRows. */
  children: ReactNode;
  /** On a Paper of its own (on a page), or bare (in a dialog). */
  onPaper?: boolean;
}

/** A small table with headings (admin lists, My Orders, an order's lines); it scrolls sideways on a phone. */
export default function SimpleTable({ label, columns, children, onPaper = false }: SimpleTableProps) {
  return (
    <TableContainer component={onPaper ? Paper : 'div'} sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column) =>
              typeof column === 'string' ? (
                <TableCell key={column}>{column}</TableCell>
              ) : (
                <TableCell key={column.label} align={column.align}>
                  {column.label}
                </TableCell>
              ),
            )}
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
}
