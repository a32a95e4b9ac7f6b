import { DataSource, EntityManager } from 'typeorm';
import { EmailLinkEntity, EmailLinkPurpose } from './email-link.entity';
import { hashLinkToken, issueLinkToken, linkUrl } from './link-token';

/** One kind of emailed link, kept in identity.email_link_tokens under its purpose (which names its web page too). */
export interface EmailedLinks {
  purpose: EmailLinkPurpose;
  /** How long a request's link works. */
  lifetimeMs: number;
  /** A second link covers an email resent after a crash; more are refused. */
  maxLinks: number;
}

/**
 * Records a request for a link in the transaction of its event: the person's earlier unused requests of this purpose
 * expire now, so only the newest link works; the token is issued when the email goes out (issueEmailedLink).
 */
export async function recordLinkRequest(manager: EntityManager, links: EmailedLinks, request: { id: string; userId: number; baseUrl: string | null; now: Date }): Promise<void> {
  const { id, userId, baseUrl, now } = request;
  await manager.query('UPDATE identity.email_link_tokens SET expires_at = $3 WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3', [
    userId,
    links.purpose,
    now,
  ]);
  await manager.insert(EmailLinkEntity, { id, userId, purpose: links.purpose, tokenHash: null, baseUrl, expiresAt: new Date(now.getTime() + links.lifetimeMs) });
}

/**
 * Issues the link of a request for its email: a fresh token each time, so only the latest link works, at most maxLinks
 * times, only while the request is unused and unexpired. Null when no link may be sent.
 */
export async function issueEmailedLink(dataSource: DataSource, links: EmailedLinks, id: string): Promise<string | null> {
  const { token, tokenHash } = issueLinkToken();
  // TypeORM answers an UPDATE with [rows, affected].
  const [rows]: [Array<{ base_url: string }>, number] = await dataSource.query(
    `UPDATE identity.email_link_tokens SET token_hash = $3, links_issued = links_issued + 1
     WHERE id = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now() AND links_issued < $4 AND base_url IS NOT NULL
     RETURNING base_url`,
    [id, links.purpose, tokenHash, links.maxLinks],
  );
  return rows.length === 1 ? linkUrl(rows[0].base_url, links.purpose, token) : null;
}

/** The request a token of this purpose belongs to, used or not (the caller tells expired from unknown), or null. */
export function findEmailedLink(manager: EntityManager, links: EmailedLinks, token: string): Promise<EmailLinkEntity | null> {
  return manager.findOneBy(EmailLinkEntity, { tokenHash: hashLinkToken(token), purpose: links.purpose });
}

/**
 * Uses the token once, in the caller's transaction: one statement marks it used only while it is unused and
 * unexpired, so of two concurrent uses one wins. Answers the request's user, or null when the token cannot be used.
 */
export async function redeemEmailedLink(manager: EntityManager, links: EmailedLinks, token: string, now: Date): Promise<number | null> {
  const [rows]: [Array<{ user_id: number }>, number] = await manager.query(
    'UPDATE identity.email_link_tokens SET used_at = $3 WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3 RETURNING user_id',
    [hashLinkToken(token), links.purpose, now],
  );
  return rows.length === 1 ? rows[0].user_id : null;
}
