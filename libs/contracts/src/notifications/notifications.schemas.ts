import { z } from 'zod';
import { SEVERITIES, SYMPTOM_TYPES } from '../symptoms/symptom';
import { text } from '../text';
import { LINK_SEVERITY_NUMBERS } from './notifications';
import { NotificationsMessages } from './notifications-messages';

/** A signed token is a few hundred characters of base64url; anything longer is not one of ours. */
export const LINK_TOKEN_MAX_LENGTH = 512;

export const linkTokenSchema = text('token', LINK_TOKEN_MAX_LENGTH, { required: NotificationsMessages.tokenRequired });

/** 1-3 as the link writes it (a number or its digits), or the severity's name. */
export const linkSeveritySchema = z.preprocess(
  (value) => {
    if (typeof value === 'number' || (typeof value === 'string' && /^[1-3]$/.test(value.trim()))) return LINK_SEVERITY_NUMBERS[Number(value)] ?? value;
    return value;
  },
  z.enum(SEVERITIES, { errorMap: () => ({ message: NotificationsMessages.severityInvalid }) }),
);

/** POST /api/log-symptom: the link's own query, sent back. symptom and severity must be the token's. */
export const logSymptomLinkSchema = z.object({
  token: linkTokenSchema,
  symptom: z.enum(SYMPTOM_TYPES, { errorMap: () => ({ message: NotificationsMessages.linkMismatch }) }),
  severity: linkSeveritySchema,
});
export type LogSymptomLinkInput = z.input<typeof logSymptomLinkSchema>;

/** GET /api/log-symptom?token=… (preview) and POST /api/unsubscribe {token}. */
export const linkTokenQuerySchema = z.object({ token: linkTokenSchema });
