import type { AdminUser, AdminUserInput } from '@fodmap/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@fodmap/web-client';

const ADMIN_USERS = '/api/admin/admin-users';

export const adminUsersQuery = queryOptions({ queryKey: [ADMIN_USERS], queryFn: () => apiRequest<AdminUser[]>('GET', ADMIN_USERS) });

/** Creates the admin user, or replaces the record of the one with `id`. */
export const saveAdminUser = ({ id, input }: { id: number | null; input: AdminUserInput }) =>
  id === null ? apiRequest<AdminUser>('POST', ADMIN_USERS, input) : apiRequest<AdminUser>('PUT', `${ADMIN_USERS}/${id}`, input);

export const deleteAdminUser = (id: number) => apiRequest<{ message: string }>('DELETE', `${ADMIN_USERS}/${id}`);
