import { adminRoutes, type AdminUserInput } from '@fodmap/contracts';
import { callRoute, routeQuery } from '@fodmap/web-client';

export const adminUsersQuery = routeQuery(adminRoutes.adminUsers);

/** Creates the admin user, or replaces the record of the one with `id`. */
export const saveAdminUser = ({ id, input }: { id: number | null; input: AdminUserInput }) =>
  id === null ? callRoute(adminRoutes.createAdminUser, { body: input }) : callRoute(adminRoutes.updateAdminUser, { params: { id }, body: input });

export const deleteAdminUser = (id: number) => callRoute(adminRoutes.deleteAdminUser, { params: { id } });
