import { DataSource, EntityManager } from 'typeorm';
import { hashLinkToken, issueLinkToken, linkUrl } from './link-token';

/**
 * A table of emailed links (identity.password_reset_tokens, identity.email_verification_tokens), one row per request:
 * id, user_id, token_hash (null until the email goes out), the base URL its link points at, links_issued, expires_at,
 * used_at. The token is issued when the email is sent, so no event or job ever carries it.
 */
export interface EmailedLinks {
  table: string;
  baseUrlColumn: string;
  /** The web page the link opens, e.g. 'reset-password'. */
  page: string;
  /** A second link covers an email resent after a crash; more are refused. */
  maxLinks: number;
}

/**
 * Issues the link of a request for its email: a fresh token each time, so only the latest link works, at most maxLinks
 * times, only while the request is unused and unexpired (earlier requests of the person expire when a new one is made).
 * Null when no link may be sent.
 */
export async function issueEmailedLink(dataSource: DataSource, links: EmailedLinks, id: string): Promise<string | null> {
  const { token, tokenHash } = issueLinkToken();
  // TypeORM answers an UPDATE with [rows, affected].
  const [rows]: [Array<{ base_url: string }>, number] = await dataSource.query(
    `UPDATE ${links.table} SET token_hash = $2, links_issued = links_issued + 1
     WHERE id = $1 AND used_at IS NULL AND expires_at > now() AND links_issued < $3 AND ${links.baseUrlColumn} IS NOT NULL
     RETURNING ${links.baseUrlColumn} AS base_url`,
    [id, tokenHash, links.maxLinks],
  );
  return rows.length === 1 ? linkUrl(rows[0].base_url, links.page, token) : null;
}

/**
 * Uses the token once, in the caller's transaction: one statement marks it used only while it is unused and
 * unexpired, so of two concurrent uses one wins. Answers the request's user, or null when the token cannot be used.
 */
export async function redeemEmailedLink(manager: EntityManager, links: EmailedLinks, token: string, now: Date): Promise<number | null> {
  const [rows]: [Array<{ user_id: number }>, number] = await manager.query(
    `UPDATE ${links.table} SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING user_id`,
    [hashLinkToken(token), now],
  );
  return rows.length === 1 ? rows[0].user_id : null;
}

/** Ends the person's earlier unused requests now: only the newest link works. */
export async function expireEarlierLinks(manager: EntityManager, links: EmailedLinks, userId: number, now: Date): Promise<void> {
  await manager.query(`UPDATE ${links.table} SET expires_at = $2 WHERE user_id = $1 AND used_at IS NULL AND expires_at > $2`, [userId, now]);
}
