import AddIcon from '@mui/icons-material/Add';
import { Button, Chip, Stack } from '@mui/material';
import { AdminMessages, type Advertiser } from '@fodmap/contracts';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { ActiveChip } from '../components/ActiveChip';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { EmptyState } from '../components/EmptyState';
import { QueryState } from '../components/QueryState';
import { RecordActions } from '../components/RecordActions';
import { RecordList, type Column } from '../components/RecordList';
import { TabHeader } from '../components/TabHeader';
import { formatDate } from '../lib/format-date';
import { useAdminMutation } from '../lib/use-admin-mutation';
import { advertiserStatsQuery } from '../stats/stats-api';
import { advertisersQuery, deleteAdvertiser } from './advertisers-api';

// The form and its validation (zod) load when a dialog first opens: reading the list does not need them.
const AdvertiserDialog = lazy(() => import('./AdvertiserDialog').then((module) => ({ default: module.AdvertiserDialog })));

const COLUMNS: readonly Column<Advertiser>[] = [
  {
    header: 'Status',
    cell: (advertiser) => (
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <ActiveChip active={advertiser.isActive} />
        <Chip size="small" variant="outlined" color="primary" label={AdminMessages.priority(advertiser.priority)} />
      </Stack>
    ),
  },
  { header: 'Product', cell: (advertiser) => advertiser.productName },
  { header: 'Description', cell: (advertiser) => advertiser.description },
  { header: 'Call to action', cell: (advertiser) => advertiser.ctaText },
  { header: 'Created', cell: (advertiser) => formatDate(advertiser.createdAt) },
];

/** Spec §2 Advertisers tab: the list, Add Advertiser, and each record's Edit and Delete (asked first). */
export function AdvertisersTab() {
  const advertisers = useQuery(advertisersQuery);
  /** undefined: no dialog; null: creating; a record: editing it. */
  const [editing, setEditing] = useState<Advertiser | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Advertiser | null>(null);
  const remove = useAdminMutation({
    mutationFn: deleteAdvertiser,
    success: AdminMessages.advertiserDeleted,
    invalidates: [advertisersQuery.queryKey, advertiserStatsQuery.queryKey],
  });

  return (
    <>
      <TabHeader
        title="Advertisers"
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(null)}>
            {AdminMessages.addAdvertiser}
          </Button>
        }
      />
      <QueryState query={advertisers} label="advertisers">
        {(list) =>
          list.length === 0 ? (
            <EmptyState title={AdminMessages.noAdvertisers} hint={AdminMessages.noAdvertisersHint} />
          ) : (
            <RecordList
              label="Advertisers"
              records={list}
              recordKey={(advertiser) => advertiser.id}
              title={(advertiser) => advertiser.name}
              columns={COLUMNS}
              actions={(advertiser) => <RecordActions name={advertiser.name} onEdit={() => setEditing(advertiser)} onDelete={() => setDeleting(advertiser)} />}
            />
          )
        }
      </QueryState>
      {editing !== undefined && (
        <Suspense fallback={null}>
          <AdvertiserDialog key={editing?.id ?? 'new'} advertiser={editing} onClose={() => setEditing(undefined)} />
        </Suspense>
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete Advertiser"
          message={AdminMessages.deleteAdvertiserConfirm(deleting.name)}
          confirmLabel="Delete"
          pending={remove.isPending}
          // Closed either way: a refusal is explained by the 'Error' toast.
          onConfirm={() => remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
          onCancel={() => setDeleting(null)}
        />
      )}
    </>
  );
}
