import { adminUserInputSchema, type AdminUser, type AdminUserInput } from '@fodmap/contracts';
import { fieldErrors } from '../lib/field-errors';

export interface AdminUserFormValues {
  email: string;
  firstName: string;
  lastName: string;
  isActive: boolean;
}
export type AdminUserField = keyof AdminUserFormValues;

/** Spec §5: a new admin user is active unless unticked. */
export const NEW_ADMIN_USER: AdminUserFormValues = { email: '', firstName: '', lastName: '', isActive: true };

export const adminUserFormValues = ({ email, firstName, lastName, isActive }: AdminUser): AdminUserFormValues => ({ email, firstName, lastName, isActive });

/** The request body the server will accept, or the §5 message of each field that it would refuse. */
export function parseAdminUserForm(values: AdminUserFormValues): { input: AdminUserInput } | { errors: Partial<Record<AdminUserField, string>> } {
  const result = adminUserInputSchema.safeParse(values);
  return result.success ? { input: result.data } : { errors: fieldErrors<AdminUserField>(result.error) };
}
