import { ADVERTISER_PRIORITY, advertiserInputSchema, type Advertiser, type AdvertiserInput } from '@fodmap/contracts';
import { fieldErrors } from '../lib/field-errors';

/** The advertiser dialog's fields as typed (text inputs hold strings). */
export interface AdvertiserFormValues {
  name: string;
  productName: string;
  description: string;
  ctaText: string;
  ctaLink: string;
  sponsorMessage: string;
  disclaimerText: string;
  isActive: boolean;
  priority: string;
}
export type AdvertiserField = keyof AdvertiserFormValues;

/** Spec §5 defaults: active, priority 1, no disclaimer of its own (the default text is shown as the placeholder). */
export const NEW_ADVERTISER: AdvertiserFormValues = {
  name: '',
  productName: '',
  description: '',
  ctaText: '',
  ctaLink: '',
  sponsorMessage: '',
  disclaimerText: '',
  isActive: true,
  priority: String(ADVERTISER_PRIORITY.default),
};

export function advertiserFormValues(advertiser: Advertiser): AdvertiserFormValues {
  return {
    name: advertiser.name,
    productName: advertiser.productName,
    description: advertiser.description,
    ctaText: advertiser.ctaText,
    ctaLink: advertiser.ctaLink,
    sponsorMessage: advertiser.sponsorMessage ?? '',
    disclaimerText: advertiser.disclaimerText ?? '',
    isActive: advertiser.isActive,
    priority: String(advertiser.priority),
  };
}

/** The request body the server will accept, or the §5 message of each field that it would refuse. */
export function parseAdvertiserForm(values: AdvertiserFormValues): { input: AdvertiserInput } | { errors: Partial<Record<AdvertiserField, string>> } {
  // An empty priority takes the default; anything else not a number (NaN) gets the priority message from the schema.
  const priority = values.priority.trim() === '' ? undefined : Number(values.priority);
  const result = advertiserInputSchema.safeParse({ ...values, priority });
  return result.success ? { input: result.data } : { errors: fieldErrors<AdvertiserField>(result.error) };
}
