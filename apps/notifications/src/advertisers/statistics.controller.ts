import { AdvertiserStats, EmailStats, EmailType, Rpc } from '@fodmap/contracts';
import { Handles } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** The admin area's campaign statistics, over the emails that left the building (sent_emails) and the clicks counted. */
@Controller()
export class StatisticsController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Test sends count as their type. Most sent type first. */
  @Handles(Rpc.notifications.emailStats)
  async emailStats(): Promise<EmailStats> {
    const [totals]: Array<{ total_sent: number; total_users: number; last_sent: Date | null; by_type: Array<{ emailType: EmailType; count: number }> }> =
      await this.dataSource.query(
        `SELECT count(*)::int AS total_sent, count(DISTINCT lower(recipient))::int AS total_users, max(sent_at) AS last_sent,
                COALESCE((SELECT json_agg(json_build_object('emailType', email_type, 'count', sent) ORDER BY sent DESC, email_type)
                          FROM (SELECT email_type, count(*)::int AS sent FROM notifications.sent_emails GROUP BY email_type) types), '[]') AS by_type
         FROM notifications.sent_emails`,
      );
    return { totalSent: totals.total_sent, totalUsers: totals.total_users, lastSent: totals.last_sent?.toISOString() ?? null, campaignsByType: totals.by_type };
  }

  /** Every advertiser that exists or was ever sent or clicked, deleted ones included (flagged); most sent first. */
  @Handles(Rpc.notifications.advertiserStats)
  async advertiserStats(): Promise<AdvertiserStats[]> {
    const rows: Array<{ id: number; name: string; sends: number; last_sent: Date | null; clicks: number; deleted: boolean }> = await this.dataSource.query(
      `SELECT a.id, a.name, COALESCE(s.sends, 0)::int AS sends, s.last_sent, COALESCE(c.clicks, 0)::int AS clicks, a.deleted_at IS NOT NULL AS deleted
       FROM notifications.advertisers a
       LEFT JOIN (SELECT advertiser_id, count(*) AS sends, max(sent_at) AS last_sent FROM notifications.sent_emails
                  WHERE advertiser_id IS NOT NULL GROUP BY advertiser_id) s ON s.advertiser_id = a.id
       LEFT JOIN (SELECT advertiser_id, count(*) AS clicks FROM notifications.sponsored_clicks GROUP BY advertiser_id) c ON c.advertiser_id = a.id
       WHERE a.deleted_at IS NULL OR s.sends > 0 OR c.clicks > 0
       ORDER BY sends DESC, a.id`,
    );
    return rows.map((row) => ({
      advertiserId: row.id,
      advertiserName: row.name,
      totalEmailsSent: row.sends,
      lastEmailSent: row.last_sent?.toISOString() ?? null,
      clicks: row.clicks,
      deleted: row.deleted,
    }));
  }
}
