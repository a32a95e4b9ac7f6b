import { Advertiser, advertiserInputSchema } from '@fodmap/contracts';
import { z } from 'zod';

/** An advertisers row as PostgreSQL answers it (see the 1767500000000 migration). */
export interface AdvertiserRow {
  id: number;
  name: string;
  product_name: string;
  description: string;
  cta_text: string;
  cta_link: string;
  sponsor_message: string | null;
  disclaimer_text: string | null;
  is_active: boolean;
  priority: number;
  created_at: Date;
}

export const ADVERTISER_COLUMNS =
  'id, name, product_name, description, cta_text, cta_link, sponsor_message, disclaimer_text, is_active, priority, created_at';

export function toAdvertiser(row: AdvertiserRow): Advertiser {
  return {
    id: row.id,
    name: row.name,
    productName: row.product_name,
    description: row.description,
    ctaText: row.cta_text,
    ctaLink: row.cta_link,
    sponsorMessage: row.sponsor_message,
    disclaimerText: row.disclaimer_text,
    isActive: row.is_active,
    priority: row.priority,
    createdAt: row.created_at.toISOString(),
  };
}

/** The parsed input (defaults applied) in the column order of the INSERT and UPDATE statements. */
export function advertiserValues(input: z.output<typeof advertiserInputSchema>): unknown[] {
  return [input.name, input.productName, input.description, input.ctaText, input.ctaLink, input.sponsorMessage ?? null, input.disclaimerText ?? null, input.isActive, input.priority];
}
