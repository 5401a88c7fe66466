import { useState } from 'react';
import type { ApolloCache } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { Avatar, Button, Chip, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useSnackbar } from 'notistack';
import { errorMessage } from '../../lib/errors';
import { leaveListsNoLongerMatching } from '../../lib/listCache';
import type { AdminUsersQuery as AdminUsersResult } from '../../gql/graphql';
import { isForbidden } from './adminApi';
import { AdminUsersQuery, MakeAdminMutation, RemoveAdminMutation } from './operations';
import ConfirmDialog from '../../components/ConfirmDialog';
import CustomerDataDialog from './CustomerDataDialog';
import { actionsColumn } from '../../components/gridActions';
import { AdminGrid, FilterSelect, useServerList } from './serverGrid';

type User = AdminUsersResult['users']['items'][number];

const SORTABLE = ['name', 'email', 'role', 'createdAt'] as const;

const leaveRoleLists = (cache: ApolloCache, user: { id: string; role: string }) =>
  leaveListsNoLongerMatching(cache, 'users', { __typename: 'User', id: user.id }, ({ role }) => role == null || role === user.role);

/** What removing an admin does to the API keys they created (the server revokes them with the role). */
function keysRevokedText(count: number | null | undefined): string {
  if (!count) return 'They have no active API keys.';
  return count === 1 ? 'Their 1 active API key will be revoked.' : `Their ${count} active API keys will be revoked.`;
}

/** /dashboard/users: every user; make admin, or remove admin after confirming (SPEC's texts, 403 included). */
export default function UsersPage() {
  const { enqueueSnackbar } = useSnackbar();
  const [role, setRole] = useState('');
  const list = useServerList(SORTABLE, { role: role || undefined });
  const { data, previousData, loading, error } = useQuery(AdminUsersQuery, { variables: { options: list.options } });
  const [makeAdmin] = useMutation(MakeAdminMutation, { update: (cache, { data }) => data && leaveRoleLists(cache, data.makeAdmin) });
  const [removeAdmin] = useMutation(RemoveAdminMutation, { update: (cache, { data }) => data && leaveRoleLists(cache, data.removeAdmin) });
  const [busy, setBusy] = useState<string | null>(null);
  const [toDemote, setToDemote] = useState<User | null>(null);
  const [dataOf, setDataOf] = useState<User | null>(null);

  async function changeRole(user: User) {
    const granting = user.role !== 'admin';
    setBusy(user.id);
    try {
      // The answer carries the new role: the row updates from the cache and leaves lists filtered by the old one.
      if (granting) await makeAdmin({ variables: { email: user.email } });
      else await removeAdmin({ variables: { email: user.email } });
      enqueueSnackbar(granting ? 'Successfully made an admin' : 'Successfully removed admin', { variant: 'success' });
      setToDemote(null);
    } catch (failure) {
      const message = isForbidden(failure) ? (granting ? 'Failed to Make an admin' : 'Failed to Remove  admin') : errorMessage(failure);
      enqueueSnackbar(message, { variant: 'error' });
    } finally {
      setBusy(null);
    }
  }

  const columns: GridColDef<User>[] = [
    {
      field: 'img',
      headerName: 'Photo',
      width: 80,
      sortable: false,
      renderCell: ({ row }) => <Avatar src={row.img ?? undefined} alt={row.name} sx={{ mt: 1 }} />,
    },
    { field: 'name', headerName: 'Name', flex: 1, minWidth: 160 },
    { field: 'email', headerName: 'Email', flex: 1.2, minWidth: 200 },
    { field: 'phone', headerName: 'Phone', width: 140, sortable: false },
    { field: 'address', headerName: 'Address', flex: 1, minWidth: 160, sortable: false },
    {
      field: 'role',
      headerName: 'Role',
      width: 110,
      renderCell: ({ row }) => (
        <Chip size="small" label={row.role === 'admin' ? 'Admin' : 'User'} color={row.role === 'admin' ? 'primary' : 'default'} />
      ),
    },
    { field: 'createdAt', headerName: 'Joined', width: 170, valueFormatter: (value: string) => new Date(value).toLocaleString() },
    actionsColumn(250, (row) => (
      <>
        <Button
          size="small"
          variant={row.role === 'admin' ? 'outlined' : 'contained'}
          color={row.role === 'admin' ? 'error' : 'primary'}
          disabled={busy === row.id}
          onClick={() => (row.role === 'admin' ? setToDemote(row) : changeRole(row))}
        >
          {row.role === 'admin' ? 'Remove Admin' : 'Make Admin'}
        </Button>
        {row.role !== 'admin' && (
          <Button size="small" onClick={() => setDataOf(row)} aria-label={`Data of ${row.name}`}>
            Data
          </Button>
        )}
      </>
    )),
  ];

  return (
    <>
      <AdminGrid
        title="Users"
        label="Users"
        list={list}
        page={data?.users ?? previousData?.users}
        loading={loading}
        error={error}
        columns={columns}
        exportName="users"
        filters={
          <FilterSelect
            label="Role"
            value={role}
            onChange={setRole}
            options={[
              ['admin', 'Admin'],
              ['user', 'User'],
            ]}
          />
        }
      />
      <CustomerDataDialog customer={dataOf} onClose={() => setDataOf(null)} />
      <ConfirmDialog
        open={toDemote !== null}
        title="Remove admin rights?"
        confirmLabel="Remove Admin"
        busy={toDemote !== null && busy === toDemote.id}
        onConfirm={() => toDemote && changeRole(toDemote)}
        onCancel={() => setToDemote(null)}
      >
        {toDemote && (
          <>
            <Typography gutterBottom>
              {toDemote.name} ({toDemote.email}) will no longer be an admin.
            </Typography>
            <Typography>{keysRevokedText(toDemote.activeApiKeyCount)}</Typography>
          </>
        )}
      </ConfirmDialog>
    </>
  );
}
