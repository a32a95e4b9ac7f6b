/**
 * SQL that is true when the email in `emailColumn` is on the active admin users list: the one definition of being an
 * admin (issue 9), read with the user's row on every request so a deactivation takes effect at once.
 */
export function isAdminSql(emailColumn: string): string {
  return `EXISTS (SELECT 1 FROM identity.admin_users admin WHERE admin.email = ${emailColumn} AND admin.is_active)`;
}
