import { z } from 'zod';
import { pathRecordId } from '../ids';
import { text } from '../text';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, URL_MAX_LENGTH } from '../text-limits';
import { ADVERTISER_PRIORITY } from './admin';
import { AdminMessages } from './admin-messages';

// The admin requests' schemas (spec §5), apart from admin.ts so the SPA's screens that only show records skip zod.

export const ADVERTISER_TEXT_MAX_LENGTH = 1000;

/** An absolute http(s) URL: a call-to-action never runs script (javascript:, data:) in a reader's mail client. */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const webUrl = text('Call-to-action link', URL_MAX_LENGTH, { required: AdminMessages.ctaLinkInvalid }).refine(isWebUrl, AdminMessages.ctaLinkInvalid);

const optionalText = (label: string) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), text(label, ADVERTISER_TEXT_MAX_LENGTH).nullish());

const flag = z.boolean({ invalid_type_error: AdminMessages.isActiveInvalid });

/** POST /api/admin/advertisers and PUT /api/admin/advertisers/:id (a PUT sends the whole record). */
export const advertiserInputSchema = z.object({
  name: text('Name', NAME_MAX_LENGTH, { required: AdminMessages.nameRequired }),
  productName: text('Product name', NAME_MAX_LENGTH, { required: AdminMessages.productNameRequired }),
  description: text('Description', ADVERTISER_TEXT_MAX_LENGTH, { required: AdminMessages.descriptionRequired }),
  ctaText: text('Call-to-action text', NAME_MAX_LENGTH, { required: AdminMessages.ctaTextRequired }),
  ctaLink: webUrl,
  sponsorMessage: optionalText('Sponsor message'),
  disclaimerText: optionalText('Disclaimer'),
  isActive: flag.default(true),
  priority: z
    .number({ invalid_type_error: AdminMessages.priorityInvalid })
    .int(AdminMessages.priorityInvalid)
    .min(ADVERTISER_PRIORITY.min, AdminMessages.priorityInvalid)
    .max(ADVERTISER_PRIORITY.max, AdminMessages.priorityInvalid)
    .default(ADVERTISER_PRIORITY.default),
});
export type AdvertiserInput = z.input<typeof advertiserInputSchema>;

/** POST /api/admin/admin-users and PUT /api/admin/admin-users/:id. */
export const adminUserInputSchema = z.object({
  email: text('Email', EMAIL_MAX_LENGTH, { required: AdminMessages.emailInvalid })
    .transform((address) => address.toLowerCase())
    .pipe(z.string().email(AdminMessages.emailInvalid)),
  firstName: text('First name', NAME_MAX_LENGTH, { required: AdminMessages.firstNameRequired }),
  lastName: text('Last name', NAME_MAX_LENGTH, { required: AdminMessages.lastNameRequired }),
  isActive: flag.default(true),
});
export type AdminUserInput = z.input<typeof adminUserInputSchema>;

export const advertiserIdSchema = pathRecordId(AdminMessages.advertiserIdInvalid);
export const adminUserIdSchema = pathRecordId(AdminMessages.adminUserIdInvalid);
