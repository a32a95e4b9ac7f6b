import { z } from 'zod';

/** Thrown at start-up for an ADMIN_EMAILS entry that is not an address: a typo would otherwise lock the operator out. */
export class AdminEmailsError extends Error {
  override name = 'AdminEmailsError';
}

const address = z.string().email();

/** ADMIN_EMAILS (comma-separated): the addresses that are admins from the first start, lowercased and deduplicated. */
export function adminEmailsFrom(env: NodeJS.ProcessEnv = process.env): string[] {
  const entries = (env.ADMIN_EMAILS ?? '').split(',').map((entry) => entry.trim().toLowerCase()).filter(Boolean);
  const invalid = entries.filter((entry) => !address.safeParse(entry).success);
  if (invalid.length > 0) throw new AdminEmailsError(`ADMIN_EMAILS must list email addresses separated by commas; '${invalid.join("', '")}' is not one.`);
  return [...new Set(entries)];
}
