import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Box, Button, InputAdornment, MenuItem, Stack, TextField, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import SearchIcon from '@mui/icons-material/Search';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import {
  DataGrid,
  GridPreferencePanelsValue,
  Toolbar,
  useGridApiContext,
  type GridColDef,
  type GridPaginationModel,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { useSnackbar } from 'notistack';
import { errorMessage } from '../../lib/errors';
import { downloadCsv } from './adminApi';

const PAGE_SIZES = [10, 20, 50, 100];

type Filters = Record<string, string | boolean | undefined>;

/**
 * The grid's page, sort and search as GraphQL list options. The server pages, sorts and
 * filters; the browser holds one page. `filters` are the grid's extra list arguments.
 */
export function useServerList<SortField extends string>(sortable: readonly SortField[], filters: Filters = {}) {
  const [paginationModel, setPaginationModel] = useState<GridPaginationModel>({ page: 0, pageSize: 20 });
  const [sortModel, setSortModel] = useState<GridSortModel>([]);
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');

  // Typing waits a moment before asking the server, and a new search starts at page one.
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(searchText.trim());
      setPaginationModel((model) => ({ ...model, page: 0 }));
    }, 300);
    return () => clearTimeout(timer);
  }, [searchText]);

  // A new filter starts at page one (set while rendering, so no page of the old filter is asked for).
  const filterKey = JSON.stringify(filters);
  const [pagedFilterKey, setPagedFilterKey] = useState(filterKey);
  if (pagedFilterKey !== filterKey) {
    setPagedFilterKey(filterKey);
    setPaginationModel((model) => ({ ...model, page: 0 }));
  }

  const sort = sortModel[0];
  const sortBy = sort && (sortable as readonly string[]).includes(sort.field) ? (sort.field as SortField) : undefined;
  const sortDirection = sortBy ? (sort.sort === 'desc' ? ('DESC' as const) : ('ASC' as const)) : undefined;

  const options = useMemo(
    () => ({
      skip: paginationModel.page * paginationModel.pageSize,
      take: paginationModel.pageSize,
      ...(search ? { search } : {}),
      ...(sortBy ? { sortBy, sortDirection } : {}),
      ...Object.fromEntries(Object.entries(JSON.parse(filterKey) as Filters).filter(([, value]) => value !== undefined && value !== '')),
    }),
    [paginationModel, search, sortBy, sortDirection, filterKey],
  );

  /** The same filter and sort as a query string for the CSV export (every page). */
  const exportQuery = useMemo(() => {
    const { skip: _skip, take: _take, ...rest } = options;
    return new URLSearchParams(Object.entries(rest).map(([key, value]) => [key, String(value)])).toString();
  }, [options]);

  return { options, exportQuery, paginationModel, setPaginationModel, sortModel, setSortModel, searchText, setSearchText };
}

export type ServerList = ReturnType<typeof useServerList>;

interface FilterSelectProps<V extends string> {
  label: string;
  value: V | '';
  onChange: (value: V | '') => void;
  /** The choices after "All" (the empty value): each value with its label. */
  options: readonly (readonly [V, string])[];
  minWidth?: number;
}

/** A grid filter: a small select whose first choice, "All", clears the filter. */
export function FilterSelect<V extends string>({ label, value, onChange, options, minWidth = 120 }: FilterSelectProps<V>) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as V | '')}
      sx={{ minWidth }}
    >
      <MenuItem value="">All</MenuItem>
      {options.map(([optionValue, optionLabel]) => (
        <MenuItem key={optionValue} value={optionValue}>
          {optionLabel}
        </MenuItem>
      ))}
    </TextField>
  );
}

interface ToolbarState {
  list: ServerList;
  exportName: AdminGridProps<GridValidRowModel>['exportName'];
  filters?: ReactNode;
}
const ToolbarContext = createContext<ToolbarState | null>(null);

function AdminToolbar() {
  const { list, exportName, filters } = useContext(ToolbarContext)!;
  const apiRef = useGridApiContext();
  const { enqueueSnackbar } = useSnackbar();
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    if (!exportName) return;
    setExporting(true);
    try {
      await downloadCsv(exportName, list.exportQuery);
    } catch (error) {
      enqueueSnackbar((error as Error).message, { variant: 'error' });
    } finally {
      setExporting(false);
    }
  }

  return (
    <Toolbar>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center', width: '100%', py: 1 }} useFlexGap>
        <TextField
          size="small"
          label="Search"
          value={list.searchText}
          onChange={(event) => list.setSearchText(event.target.value)}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        {filters}
        <Box sx={{ flexGrow: 1 }} />
        <Button
          size="small"
          startIcon={<ViewColumnIcon />}
          onClick={() => apiRef.current.showPreferences(GridPreferencePanelsValue.columns)}
        >
          Columns
        </Button>
        {exportName && (
          <Button size="small" startIcon={<DownloadIcon />} onClick={exportCsv} disabled={exporting}>
            Export CSV
          </Button>
        )}
      </Stack>
    </Toolbar>
  );
}

interface AdminGridProps<R extends GridValidRowModel> {
  /** The page's heading. */
  title: string;
  label: string;
  list: ServerList;
  /** The list's rows and total; the previous page's while the next one loads. */
  page: { items: R[]; totalItems: number } | undefined;
  loading: boolean;
  error: unknown;
  columns: GridColDef<R>[];
  /** Which export at /api/admin/export/{name}.csv answers this grid's rows; without one, the grid offers no export. */
  exportName?: 'orders' | 'products' | 'users';
  filters?: ReactNode;
  rowHeight?: number;
  /** Saves a row edited in the grid (editable columns); answers the row to show. */
  processRowUpdate?: (row: R, previous: R) => Promise<R>;
}

/**
 * An admin page's heading and its MUI X grid, driven by the server: paging, sorting and search go
 * into the GraphQL list arguments.
 */
export function AdminGrid<R extends GridValidRowModel>({
  title,
  label,
  list,
  page,
  loading,
  error,
  columns,
  exportName,
  filters,
  rowHeight,
  processRowUpdate,
}: AdminGridProps<R>) {
  return (
    <ToolbarContext.Provider value={{ list, exportName, filters }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {!!error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(error)}
        </Alert>
      )}
      <DataGrid
        aria-label={label}
        label={label}
        rows={page?.items ?? []}
        columns={columns}
        rowCount={page?.totalItems ?? 0}
        loading={loading}
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        disableColumnFilter
        disableRowSelectionOnClick
        pageSizeOptions={PAGE_SIZES}
        paginationModel={list.paginationModel}
        onPaginationModelChange={list.setPaginationModel}
        sortModel={list.sortModel}
        onSortModelChange={list.setSortModel}
        showToolbar
        slots={{ toolbar: AdminToolbar }}
        rowHeight={rowHeight}
        processRowUpdate={processRowUpdate}
        // A dozen columns at most: render them all, so a row's actions exist even when scrolled out of view.
        columnBufferPx={4000}
        autoHeight
      />
    </ToolbarContext.Provider>
  );
}
