import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { API_KEY_SCOPES } from '@keen/rules';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { actionsColumn } from '../../components/gridActions';
import QueryState from '../../components/QueryState';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { graphql } from '../../gql';
import type { ApiKeysQuery as ApiKeysResult } from '../../gql/graphql';
import { dateTime } from '../../lib/dates';
import SecretOnceDialog from './SecretOnceDialog';
import TextAndChoicesDialog from './TextAndChoicesDialog';

export const ApiKeyFieldsFragment = graphql(`
  fragment ApiKeyFields on ApiKey {
    id
    name
    prefix
    scopes
    createdAt
    createdBy
    lastUsedAt
    revokedAt
  }
`);

export const ApiKeysQuery = graphql(`
  query ApiKeys {
    apiKeys {
      ...ApiKeyFields
    }
  }
`);

export const CreateApiKeyMutation = graphql(`
  mutation CreateApiKey($input: CreateApiKeyInput!) {
    createApiKey(input: $input) {
      secret
      apiKey {
        ...ApiKeyFields
      }
    }
  }
`);

export const RevokeApiKeyMutation = graphql(`
  mutation RevokeApiKey($id: ID!) {
    revokeApiKey(id: $id) {
      id
      revokedAt
    }
  }
`);

type ApiKey = ApiKeysResult['apiKeys'][number];

const PAGE_SIZES = [25, 50, 100];

/** A timestamp column: sorted as a time, shown in the reader's format; `none` when it never happened. */
const timeColumn = (field: 'createdAt' | 'lastUsedAt' | 'revokedAt', headerName: string, none = ''): GridColDef<ApiKey> => ({
  field,
  headerName,
  type: 'dateTime',
  width: 190,
  valueGetter: (value: string | null) => (value ? new Date(value) : null),
  valueFormatter: (value: Date | null) => (value ? dateTime(value.toISOString()) : none),
});

/** /dashboard/apiKeys: integrators' API keys. A new key's secret is shown once; revoking takes effect at once. */
export default function ApiKeysPage() {
  const query = useQuery(ApiKeysQuery, { fetchPolicy: 'cache-and-network' });
  // The new key joins the cached list; a revoked key's row is updated in the cache by its id.
  const [createApiKey, creation] = useMutation(CreateApiKeyMutation, {
    update: (cache, { data }) =>
      data &&
      cache.updateQuery({ query: ApiKeysQuery }, (list) => (list ? { apiKeys: [data.createApiKey.apiKey, ...list.apiKeys] } : list)),
  });
  const [revokeApiKey, revocation] = useMutation(RevokeApiKeyMutation);
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const revoking = useConfirmedDelete<{ id: string; name: string }>({
    remove: (key) => revokeApiKey({ variables: { id: key.id } }),
    busy: revocation.loading,
    title: (key) => `Revoke the API key ${key.name}?`,
    confirmLabel: 'Revoke',
    describe: () => 'Every request with it is refused from now on. This cannot be undone.',
    deleted: (key) => `API key ${key.name} revoked`,
  });
  const keys = query.data?.apiKeys ?? [];

  // Sorted in the browser (the list is small); the server's order, newest first, until a heading is clicked.
  const columns: GridColDef<ApiKey>[] = [
    { field: 'name', headerName: 'Name', flex: 1, minWidth: 160 },
    {
      field: 'prefix',
      headerName: 'Key',
      width: 140,
      sortable: false,
      renderCell: ({ row }) => <Box sx={{ fontFamily: 'monospace' }}>{row.prefix}…</Box>,
    },
    {
      field: 'scopes',
      headerName: 'Scopes',
      flex: 1.4,
      minWidth: 220,
      sortable: false,
      renderCell: ({ row }) => (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          {row.scopes.map((scope) => (
            <Chip key={scope} label={scope} size="small" />
          ))}
        </Stack>
      ),
    },
    timeColumn('createdAt', 'Created'),
    timeColumn('lastUsedAt', 'Last used', 'Never'),
    { field: 'createdBy', headerName: 'Created by', flex: 1, minWidth: 180 },
    timeColumn('revokedAt', 'Revoked'),
    actionsColumn(120, (row) =>
      row.revokedAt ? null : (
        <Button
          size="small"
          color="error"
          variant="outlined"
          onClick={() => revoking.ask({ id: row.id, name: row.name })}
          aria-label={`Revoke the API key ${row.name}`}
        >
          Revoke
        </Button>
      ),
    ),
  ];

  async function create(name: string, scopes: string[]) {
    const { data } = await createApiKey({ variables: { input: { name, scopes } } });
    setCreating(false);
    setSecret(data?.createApiKey.secret ?? null);
  }

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
        <Typography variant="h5" component="h1">
          API keys
        </Typography>
        <Button variant="contained" onClick={() => setCreating(true)}>
          Create API key
        </Button>
      </Stack>
      <Typography color="text.secondary">
        Integrations send a key as <code>Authorization: Bearer keen_sk_...</code> on GraphQL and REST. A key can do only what its scopes
        allow, and never acts as a customer.
      </Typography>
      <QueryState query={query} empty={keys.length === 0 && 'No API keys yet.'}>
        <DataGrid
          aria-label="API keys"
          label="API keys"
          rows={keys}
          columns={columns}
          disableColumnFilter
          disableRowSelectionOnClick
          pageSizeOptions={PAGE_SIZES}
          initialState={{ pagination: { paginationModel: { pageSize: PAGE_SIZES[0] } } }}
          // A row is as tall as its scopes' chips need.
          getRowHeight={() => 'auto'}
          sx={{ '& .MuiDataGrid-cell': { py: 1 } }}
          // Eight columns: render them all, so a row's Revoke exists even when scrolled out of view.
          columnBufferPx={4000}
          autoHeight
        />
      </QueryState>

      <TextAndChoicesDialog
        open={creating}
        title="Create API key"
        text={{ label: 'Name', required: 'Name is Required' }}
        choices={{ legend: 'Scopes', options: API_KEY_SCOPES, required: 'Choose at least one scope' }}
        submitLabel="Create"
        busy={creation.loading}
        onSubmit={create}
        onClose={() => setCreating(false)}
      />
      <SecretOnceDialog title="Your new API key" secret={secret} onClose={() => setSecret(null)} />
      {revoking.dialog}
    </Stack>
  );
}
