/**
 * SQL that is true when the account of the users row aliased `users` is an admin: its address is proven and an active
 * admin users entry is bound to its id (issue 20). The one definition of being an admin (issue 9), read with the row on
 * every request so a deactivation takes effect at once. An entry is bound when an account proves the entry's address
 * (bindAdminEntrySql), never by the address alone: an account that later comes to hold that address takes nothing.
 */
export function isAdminSql(users: string): string {
  return `(${users}.email_verified_at IS NOT NULL AND EXISTS (SELECT 1 FROM identity.admin_users admin WHERE admin.user_id = ${users}.id AND admin.is_active))`;
}

/**
 * The proven account ($1, its address $2) takes the active admin entry of that address that no account holds yet. Run in
 * the transaction that records the proof (EmailVerified).
 */
export const BIND_ADMIN_ENTRY_SQL = 'UPDATE identity.admin_users SET user_id = $1 WHERE email = $2 AND is_active AND user_id IS NULL';

/** The account an entry of this address is bound to when it is made or given a new address: the one that proved it, if any. */
export const PROVEN_ACCOUNT_SQL = (email: string) => `(SELECT account.id FROM identity.users account WHERE account.email = ${email} AND account.email_verified_at IS NOT NULL)`;
