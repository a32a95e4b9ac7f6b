import { AdminMessages, Advertiser, MessageReply, Rpc, RpcParsed, SponsoredClickReply } from '@fodmap/contracts';
import { Handles, rpcFailure } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AdvertiserPicker } from './advertiser-picker';
import { ADVERTISER_COLUMNS, AdvertiserRow, advertiserValues, toAdvertiser } from './advertiser-records';

/**
 * The admin area's advertisers (the gateway lets only active admins through) and the click counter of their
 * calls-to-action. A deleted advertiser is only marked deleted: its sends and clicks stay in the statistics by name.
 */
@Controller()
export class AdvertisersController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly picker: AdvertiserPicker,
  ) {}

  /** Newest first. */
  @Handles(Rpc.notifications.listAdvertisers)
  async list(): Promise<Advertiser[]> {
    const rows: AdvertiserRow[] = await this.dataSource.query(
      `SELECT ${ADVERTISER_COLUMNS} FROM notifications.advertisers WHERE deleted_at IS NULL ORDER BY created_at DESC, id DESC`,
    );
    return rows.map(toAdvertiser);
  }

  @Handles(Rpc.notifications.createAdvertiser)
  async create({ input }: RpcParsed<typeof Rpc.notifications.createAdvertiser>): Promise<Advertiser> {
    const [row]: AdvertiserRow[] = await this.dataSource.query(
      `INSERT INTO notifications.advertisers (name, product_name, description, cta_text, cta_link, sponsor_message, disclaimer_text, is_active, priority)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${ADVERTISER_COLUMNS}`,
      advertiserValues(input),
    );
    this.picker.invalidate();
    return toAdvertiser(row);
  }

  @Handles(Rpc.notifications.updateAdvertiser)
  async update({ advertiserId, input }: RpcParsed<typeof Rpc.notifications.updateAdvertiser>): Promise<Advertiser> {
    // TypeORM answers an UPDATE with [rows, affected].
    const [[row]]: [AdvertiserRow[], number] = await this.dataSource.query(
      `UPDATE notifications.advertisers
       SET name = $1, product_name = $2, description = $3, cta_text = $4, cta_link = $5, sponsor_message = $6, disclaimer_text = $7, is_active = $8, priority = $9
       WHERE id = $10 AND deleted_at IS NULL RETURNING ${ADVERTISER_COLUMNS}`,
      [...advertiserValues(input), advertiserId],
    );
    if (!row) throw rpcFailure(404, AdminMessages.advertiserNotFound);
    this.picker.invalidate();
    return toAdvertiser(row);
  }

  @Handles(Rpc.notifications.deleteAdvertiser)
  async delete({ advertiserId }: RpcParsed<typeof Rpc.notifications.deleteAdvertiser>): Promise<MessageReply> {
    const [deleted]: [unknown[], number] = await this.dataSource.query(
      'UPDATE notifications.advertisers SET deleted_at = now(), is_active = false WHERE id = $1 AND deleted_at IS NULL RETURNING id',
      [advertiserId],
    );
    if (deleted.length === 0) throw rpcFailure(404, AdminMessages.advertiserNotFound);
    this.picker.invalidate();
    return { message: AdminMessages.advertiserDeleted };
  }

  /**
   * Answers where the click leads and counts it when `count` (the gateway's first click of this client today). A
   * deleted or paused advertiser's link in an old email still leads to its page and counts: the reader clicked what
   * the email offered.
   */
  @Handles(Rpc.notifications.sponsoredClick)
  async click({ advertiserId, count }: RpcParsed<typeof Rpc.notifications.sponsoredClick>): Promise<SponsoredClickReply> {
    const [clicked]: Array<{ cta_link: string }> = await this.dataSource.query(
      `WITH advertiser AS (SELECT id, cta_link FROM notifications.advertisers WHERE id = $1),
            click AS (INSERT INTO notifications.sponsored_clicks (advertiser_id) SELECT id FROM advertiser WHERE $2)
       SELECT cta_link FROM advertiser`,
      [advertiserId, count ?? true],
    );
    if (!clicked) throw rpcFailure(404, AdminMessages.advertiserNotFound);
    return { url: clicked.cta_link };
  }
}
