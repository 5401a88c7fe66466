import type { ReactNode } from 'react';
import { Stack } from '@mui/material';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';

/** A grid's Actions column: the row's buttons side by side; never sorted or hidden. */
export function actionsColumn<R extends GridValidRowModel>(width: number, buttons: (row: R) => ReactNode): GridColDef<R> {
  return {
    field: 'actions',
    headerName: 'Actions',
    width,
    sortable: false,
    hideable: false,
    renderCell: ({ row }) => (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
        {buttons(row)}
      </Stack>
    ),
  };
}
