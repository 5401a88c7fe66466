import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { Button, Chip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useNavigate, useParams } from 'react-router-dom';
import type { AdminMessagesQuery as AdminMessagesResult } from '../../../gql/graphql';
import { actionsColumn } from '../../../components/gridActions';
import { AdminGrid, FilterSelect, useServerList } from '../serverGrid';
import { KIND_LABELS, STATUS_LABELS } from './labels';
import MessageDialog from './MessageDialog';
import { AdminMessagesQuery } from './operations';

type MessageRow = AdminMessagesResult['messages']['items'][number];

/**
 * /dashboard/messages: the contact form's questions and commission requests, newest first, by
 * state and kind; /dashboard/messages/{id} opens one (its photos, replies, Reply, Archive, and
 * Make a custom product from a commission).
 */
export default function MessagesPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const [status, setStatus] = useState<'' | 'NEW' | 'ANSWERED' | 'ARCHIVED'>('NEW');
  const [kind, setKind] = useState<'' | 'QUESTION' | 'COMMISSION'>('');
  const list = useServerList([] as const, { status: status || undefined, kind: kind || undefined });
  const { data, previousData, loading, error } = useQuery(AdminMessagesQuery, {
    variables: { options: list.options },
    fetchPolicy: 'cache-and-network',
  });

  const columns: GridColDef<MessageRow>[] = [
    {
      field: 'createdAt',
      headerName: 'Received',
      width: 170,
      sortable: false,
      valueFormatter: (value: string) => new Date(value).toLocaleString(),
    },
    { field: 'kind', headerName: 'Kind', width: 120, sortable: false, valueFormatter: (value: string) => KIND_LABELS[value] ?? value },
    {
      field: 'status',
      headerName: 'State',
      width: 110,
      sortable: false,
      renderCell: ({ row }) => <Chip size="small" label={STATUS_LABELS[row.status]} color={row.status === 'NEW' ? 'primary' : 'default'} />,
    },
    { field: 'name', headerName: 'Name', flex: 0.8, minWidth: 140, sortable: false },
    { field: 'email', headerName: 'Email', flex: 1, minWidth: 180, sortable: false },
    { field: 'productName', headerName: 'Knife', flex: 0.8, minWidth: 140, sortable: false },
    { field: 'message', headerName: 'Message', flex: 1.5, minWidth: 220, sortable: false },
    actionsColumn(110, (row) => (
      <Button
        size="small"
        variant="outlined"
        aria-label={`Open the message from ${row.name}`}
        onClick={() => navigate(`/dashboard/messages/${row.id}`)}
      >
        Open
      </Button>
    )),
  ];

  return (
    <>
      <AdminGrid
        title="Messages"
        label="Messages"
        list={list}
        page={data?.messages ?? previousData?.messages}
        loading={loading}
        error={error}
        columns={columns}
        filters={
          <>
            <FilterSelect
              label="State"
              value={status}
              onChange={setStatus}
              options={[
                ['NEW', 'New'],
                ['ANSWERED', 'Answered'],
                ['ARCHIVED', 'Archived'],
              ]}
            />
            <FilterSelect
              label="Kind"
              value={kind}
              onChange={setKind}
              options={[
                ['QUESTION', 'Question'],
                ['COMMISSION', 'Commission'],
              ]}
            />
          </>
        }
      />
      {id && <MessageDialog id={id} onClose={() => navigate('/dashboard/messages')} />}
    </>
  );
}
