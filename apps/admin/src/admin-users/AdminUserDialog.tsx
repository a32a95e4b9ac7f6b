import { FormControlLabel, Switch, TextField } from '@mui/material';
import { AdminMessages, type AdminUser } from '@fodmap/contracts';
import { useState } from 'react';
import { FormDialog } from '../components/FormDialog';
import { useAdminMutation } from '../lib/use-admin-mutation';
import { adminUserFormValues, NEW_ADMIN_USER, parseAdminUserForm, type AdminUserField, type AdminUserFormValues } from './admin-user-form';
import { adminUsersQuery, saveAdminUser } from './admin-users-api';

const TEXT_FIELDS: ReadonlyArray<{ field: Exclude<AdminUserField, 'isActive'>; label: string; type?: string; autoComplete: string }> = [
  { field: 'email', label: 'Email', type: 'email', autoComplete: 'off' },
  { field: 'firstName', label: 'First Name', autoComplete: 'off' },
  { field: 'lastName', label: 'Last Name', autoComplete: 'off' },
];

/** Creates an admin user, or edits `adminUser` when one was chosen; mounted only while open, so Cancel discards the form. */
export function AdminUserDialog({ adminUser, onClose }: { adminUser: AdminUser | null; onClose: () => void }) {
  const [values, setValues] = useState<AdminUserFormValues>(() => (adminUser ? adminUserFormValues(adminUser) : NEW_ADMIN_USER));
  const [errors, setErrors] = useState<Partial<Record<AdminUserField, string>>>({});
  const save = useAdminMutation({
    mutationFn: saveAdminUser,
    success: adminUser ? AdminMessages.adminUserUpdated : AdminMessages.adminUserCreated,
    invalidates: [adminUsersQuery.queryKey],
    onDone: onClose,
  });

  const change = <Field extends AdminUserField>(field: Field, value: AdminUserFormValues[Field]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const submit = () => {
    const parsed = parseAdminUserForm(values);
    if ('errors' in parsed) setErrors(parsed.errors);
    else save.mutate({ id: adminUser?.id ?? null, input: parsed.input });
  };

  return (
    <FormDialog
      title={adminUser ? 'Edit Admin User' : AdminMessages.addAdminUser}
      submitLabel={adminUser ? 'Update Admin User' : 'Create Admin User'}
      pending={save.isPending}
      onSubmit={submit}
      onCancel={onClose}
    >
      {TEXT_FIELDS.map(({ field, label, type, autoComplete }) => (
        <TextField
          key={field}
          id={`admin-user-${field}`}
          label={label}
          required
          type={type}
          autoComplete={autoComplete}
          value={values[field]}
          onChange={(event) => change(field, event.target.value)}
          error={Boolean(errors[field])}
          helperText={errors[field]}
        />
      ))}
      <FormControlLabel control={<Switch checked={values.isActive} onChange={(event) => change('isActive', event.target.checked)} />} label="Active" />
    </FormDialog>
  );
}
