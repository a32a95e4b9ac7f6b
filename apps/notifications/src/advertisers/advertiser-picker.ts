import { Advertiser, DEFAULT_DISCLAIMER, pickAdvertiser } from '@fodmap/contracts';
import { LRUCache } from 'lru-cache';
import { DataSource } from 'typeorm';
import { ADVERTISER_COLUMNS, AdvertiserRow, toAdvertiser } from './advertiser-records';

/**
 * The sponsored block of one email, as the templates' `{{> sponsor}}` partial shows it (context name `sponsor`).
 * Stored in the email job's context: nothing in it is personal or secret. clickUrl counts the click, then redirects.
 */
export interface SponsorBlock {
  advertiserId: number;
  name: string;
  productName: string;
  description: string;
  sponsorMessage: string | null;
  ctaText: string;
  clickUrl: string;
  /** The advertiser's own disclaimer, or the spec's default. */
  disclaimer: string;
}

/** How long the active advertisers are reused: a daily-summary batch picks thousands of times a minute. */
export const ADVERTISER_CACHE_MS = 30_000;

/** `${publicUrl}/api/sponsored/<id>`: the gateway's redirect, which counts the click (no personal data in it). */
export function sponsoredClickUrl(publicUrl: string, advertiserId: number): string {
  return `${publicUrl.replace(/\/+$/, '')}/api/sponsored/${advertiserId}`;
}

/**
 * Picks at most one active advertiser per email, weighted by priority (pickAdvertiser: 1/priority). The active list is
 * cached briefly (picks that arrive while it is read share the read; a failed read is not kept); this process's own
 * changes invalidate it at once, another replica's within ADVERTISER_CACHE_MS.
 */
export class AdvertiserPicker {
  private readonly advertisers = new LRUCache<'active', Advertiser[]>({
    max: 1,
    ttl: ADVERTISER_CACHE_MS,
    // A read in flight when invalidate() runs still answers its picks, as a read begun a moment earlier would have.
    ignoreFetchAbort: true,
    fetchMethod: () => this.readActive(),
  });

  constructor(
    private readonly dataSource: DataSource,
    private readonly publicUrl: string,
    private readonly random: () => number = Math.random,
  ) {}

  /** A block for one email, or null when no advertiser is active. */
  async pick(): Promise<SponsorBlock | null> {
    const advertiser = pickAdvertiser(await this.advertisers.forceFetch('active'), this.random());
    if (!advertiser) return null;
    return {
      advertiserId: advertiser.id,
      name: advertiser.name,
      productName: advertiser.productName,
      description: advertiser.description,
      sponsorMessage: advertiser.sponsorMessage,
      ctaText: advertiser.ctaText,
      clickUrl: sponsoredClickUrl(this.publicUrl, advertiser.id),
      disclaimer: advertiser.disclaimerText ?? DEFAULT_DISCLAIMER,
    };
  }

  /** After a create, update or delete: the next pick reads the table again. */
  invalidate(): void {
    this.advertisers.clear();
  }

  private async readActive(): Promise<Advertiser[]> {
    const rows: AdvertiserRow[] = await this.dataSource.query(
      `SELECT ${ADVERTISER_COLUMNS} FROM notifications.advertisers WHERE is_active AND deleted_at IS NULL ORDER BY id`,
    );
    return rows.map(toAdvertiser);
  }
}
