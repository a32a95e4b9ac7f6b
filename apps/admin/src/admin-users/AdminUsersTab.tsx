import AddIcon from '@mui/icons-material/Add';
import { Button } from '@mui/material';
import { AdminMessages, type AdminUser } from '@fodmap/contracts';
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
import { adminUsersQuery, deleteAdminUser } from './admin-users-api';

// The form and its validation (zod) load when a dialog first opens.
const AdminUserDialog = lazy(() => import('./AdminUserDialog').then((module) => ({ default: module.AdminUserDialog })));

const COLUMNS: readonly Column<AdminUser>[] = [
  { header: 'Email', cell: (adminUser) => adminUser.email },
  { header: 'Created', cell: (adminUser) => formatDate(adminUser.createdAt) },
  { header: 'Status', cell: (adminUser) => <ActiveChip active={adminUser.isActive} /> },
];

/** Spec §2 Admin Users tab: who may open the admin area, Add Admin User, and each record's Edit and Delete (asked first). */
export function AdminUsersTab() {
  const adminUsers = useQuery(adminUsersQuery);
  /** undefined: no dialog; null: creating; a record: editing it. */
  const [editing, setEditing] = useState<AdminUser | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const remove = useAdminMutation({
    mutationFn: deleteAdminUser,
    success: AdminMessages.adminUserDeleted,
    invalidates: [adminUsersQuery.queryKey],
  });

  return (
    <>
      <TabHeader
        title="Admin Users"
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(null)}>
            {AdminMessages.addAdminUser}
          </Button>
        }
      />
      <QueryState query={adminUsers} label="admin users">
        {(list) =>
          list.length === 0 ? (
            <EmptyState title={AdminMessages.noAdminUsers} />
          ) : (
            <RecordList
              label="Admin users"
              records={list}
              recordKey={(adminUser) => adminUser.id}
              title={(adminUser) => `${adminUser.firstName} ${adminUser.lastName}`}
              columns={COLUMNS}
              actions={(adminUser) => <RecordActions name={adminUser.email} onEdit={() => setEditing(adminUser)} onDelete={() => setDeleting(adminUser)} />}
            />
          )
        }
      </QueryState>
      {editing !== undefined && (
        <Suspense fallback={null}>
          <AdminUserDialog key={editing?.id ?? 'new'} adminUser={editing} onClose={() => setEditing(undefined)} />
        </Suspense>
      )}
      {deleting && (
        <ConfirmDialog
          title="Remove Admin User"
          message={AdminMessages.deleteAdminUserConfirm(deleting.email)}
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
