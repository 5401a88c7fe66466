import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { API_KEY_SCOPES } from '@keen/rules';
import {
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import ConfirmDialog from '../../components/ConfirmDialog';
import QueryState from '../../components/QueryState';
import { graphql } from '../../gql';
import { errorMessage } from '../../lib/errors';
import SecretOnceDialog from './SecretOnceDialog';

export const ApiKeysQuery = graphql(`
  query ApiKeys {
    apiKeys {
      id
      name
      prefix
      scopes
      createdAt
      createdBy
      lastUsedAt
      revokedAt
    }
  }
`);

export const CreateApiKeyMutation = graphql(`
  mutation CreateApiKey($input: CreateApiKeyInput!) {
    createApiKey(input: $input) {
      secret
      apiKey {
        id
        name
        prefix
        scopes
        createdAt
        createdBy
        lastUsedAt
        revokedAt
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

const when = (value: string | null | undefined) => (value ? new Date(value).toLocaleString() : '');

/** /dashboard/apiKeys: integrators' API keys. A new key's secret is shown once; revoking takes effect at once. */
export default function ApiKeysPage() {
  const { enqueueSnackbar } = useSnackbar();
  const query = useQuery(ApiKeysQuery, { fetchPolicy: 'cache-and-network' });
  // The new key joins the cached list; a revoked key's row is updated in the cache by its id.
  const [createApiKey, creation] = useMutation(CreateApiKeyMutation, {
    update: (cache, { data }) =>
      data &&
      cache.updateQuery({ query: ApiKeysQuery }, (list) => (list ? { apiKeys: [data.createApiKey.apiKey, ...list.apiKeys] } : list)),
  });
  const [revokeApiKey, revocation] = useMutation(RevokeApiKeyMutation);
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<{ id: string; name: string } | null>(null);
  const keys = query.data?.apiKeys ?? [];

  function toggle(scope: string) {
    setScopes((chosen) => (chosen.includes(scope) ? chosen.filter((s) => s !== scope) : [...chosen, scope]));
  }

  async function create() {
    if (!name.trim()) return setProblem('Name is Required');
    if (scopes.length === 0) return setProblem('Choose at least one scope');
    try {
      const { data } = await createApiKey({ variables: { input: { name: name.trim(), scopes } } });
      setCreating(false);
      setName('');
      setScopes([]);
      setProblem(null);
      setSecret(data?.createApiKey.secret ?? null);
    } catch (failure) {
      setProblem(errorMessage(failure));
    }
  }

  async function revoke() {
    if (!revoking) return;
    try {
      await revokeApiKey({ variables: { id: revoking.id } });
      enqueueSnackbar(`API key ${revoking.name} revoked`, { variant: 'success' });
    } catch (failure) {
      enqueueSnackbar(errorMessage(failure), { variant: 'error' });
    } finally {
      setRevoking(null);
    }
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
        <TableContainer component={Paper}>
          <Table size="small" aria-label="API keys">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Key</TableCell>
                <TableCell>Scopes</TableCell>
                <TableCell>Created</TableCell>
                <TableCell>Last used</TableCell>
                <TableCell>Created by</TableCell>
                <TableCell>Revoked</TableCell>
                <TableCell>Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {keys.map((key) => (
                <TableRow key={key.id}>
                  <TableCell>{key.name}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{key.prefix}…</TableCell>
                  <TableCell>
                    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                      {key.scopes.map((scope) => (
                        <Chip key={scope} label={scope} size="small" />
                      ))}
                    </Stack>
                  </TableCell>
                  <TableCell>{when(key.createdAt)}</TableCell>
                  <TableCell>{when(key.lastUsedAt) || 'Never'}</TableCell>
                  <TableCell>{key.createdBy}</TableCell>
                  <TableCell>{when(key.revokedAt)}</TableCell>
                  <TableCell>
                    {!key.revokedAt && (
                      <Button
                        size="small"
                        color="error"
                        variant="outlined"
                        onClick={() => setRevoking({ id: key.id, name: key.name })}
                        aria-label={`Revoke the API key ${key.name}`}
                      >
                        Revoke
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </QueryState>

      <Dialog open={creating} onClose={() => setCreating(false)} aria-labelledby="create-key-title" fullWidth maxWidth="sm">
        <DialogTitle id="create-key-title">Create API key</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField label="Name" value={name} onChange={(event) => setName(event.target.value)} required fullWidth autoFocus />
            <FormControl component="fieldset" error={problem !== null}>
              <FormLabel component="legend">Scopes</FormLabel>
              <FormGroup>
                {API_KEY_SCOPES.map((scope) => (
                  <FormControlLabel
                    key={scope}
                    control={<Checkbox checked={scopes.includes(scope)} onChange={() => toggle(scope)} />}
                    label={scope}
                  />
                ))}
              </FormGroup>
              {problem && <FormHelperText role="alert">{problem}</FormHelperText>}
            </FormControl>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={create} disabled={creation.loading}>
            Create
          </Button>
          <Button onClick={() => setCreating(false)}>Cancel</Button>
        </DialogActions>
      </Dialog>

      <SecretOnceDialog title="Your new API key" secret={secret} onClose={() => setSecret(null)} />
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke the API key ${revoking?.name ?? ''}?`}
        confirmLabel="Revoke"
        busy={revocation.loading}
        onConfirm={revoke}
        onCancel={() => setRevoking(null)}
      >
        Every request with it is refused from now on. This cannot be undone.
      </ConfirmDialog>
    </Stack>
  );
}
