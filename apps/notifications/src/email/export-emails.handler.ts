import { ExportCursor, ExportPage, Rpc, RpcParsed, SentEmailRecord } from '@fodmap/contracts';
import { Handles } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** Emails per export page: a kind, a subject and a time each. */
export const EXPORT_EMAILS_PAGE = 1000;

const PAGE_SQL = `WITH picked AS (
    SELECT e.event_id, e.email_type, e.subject, e.sent_at FROM notifications.sent_emails e
    WHERE e.user_id = $1 AND (e.sent_at, e.event_id) > ($2::timestamptz, $3) ORDER BY e.sent_at, e.event_id LIMIT $4)
  SELECT coalesce((SELECT json_agg(json_build_object('kind', p.email_type, 'subject', p.subject,
      'sentAt', to_char(p.sent_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY p.sent_at, p.event_id) FROM picked p), '[]') AS emails,
    (SELECT json_build_object('at', to_char(p.sent_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), 'id', p.event_id)
     FROM picked p ORDER BY p.sent_at DESC, p.event_id DESC LIMIT 1) AS last,
    (SELECT count(*)::int FROM picked) AS count`;

/** Issue 20: the emails sent to the caller, for their export, a page at a time, oldest first. */
@Controller()
export class ExportEmailsHandler {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Handles(Rpc.notifications.exportEmails)
  async exportEmails({ caller, after }: RpcParsed<typeof Rpc.notifications.exportEmails>): Promise<ExportPage<SentEmailRecord>> {
    const [row]: { emails: SentEmailRecord[]; last: ExportCursor | null; count: number }[] = await this.dataSource.query(PAGE_SQL, [
      caller.userId,
      after?.at ?? '-infinity',
      after?.id ?? '',
      EXPORT_EMAILS_PAGE,
    ]);
    return { items: row.emails, next: row.count === EXPORT_EMAILS_PAGE ? row.last : null };
  }
}
