import {
  Severity,
  severityNumberOf,
  SYMPTOM_LABELS,
  SYMPTOM_LINK_SEVERITIES,
  SYMPTOM_LINK_SYMPTOMS,
  SymptomType,
  UnsubscribePreference,
} from '@fodmap/contracts';
import { ContextResolver, EmailAddressee, UnsubscribeLink } from '../email/email-sender';
import { LinkTokens } from './link-tokens';

/** Which preference each email type's unsubscribe link turns off; other emails (a password reset) have none. */
const UNSUBSCRIBE_PREFERENCE_OF: Record<string, UnsubscribePreference> = {
  'daily-summary': 'emailNotifications',
  meal: 'mealNotifications',
};

const base = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

/** `${publicUrl}/log-symptom?token=…&symptom=…&severity=<1-3>`: the web page that previews, then logs with one tap. */
export function symptomLinkUrl(publicUrl: string, token: string, symptomType: SymptomType, severity: Severity): string {
  const query = new URLSearchParams({ token, symptom: symptomType, severity: String(severityNumberOf(severity)) });
  return `${base(publicUrl)}/log-symptom?${query}`;
}

/** The one-click unsubscribe of a summary or meal email, signed at send time (never stored in a job). */
export function unsubscribeLinks(tokens: LinkTokens, publicUrl: string) {
  return ({ emailType, userId }: EmailAddressee): UnsubscribeLink | null => {
    const preference = UNSUBSCRIBE_PREFERENCE_OF[emailType];
    if (!preference || userId === null) return null;
    const token = encodeURIComponent(tokens.unsubscribeLink(userId, preference));
    return { oneClickUrl: `${base(publicUrl)}/api/unsubscribe?token=${token}`, pageUrl: `${base(publicUrl)}/unsubscribe?token=${token}` };
  };
}

/**
 * The meal email's one-tap links (context `symptomLinks`: [{label, url}], e.g. 'Bloating · moderate'), each a token
 * for its one symptom and severity about the context's `mealId`, signed when the email is sent so its 48 hours start
 * then.
 */
export function symptomLinksResolver(tokens: LinkTokens, publicUrl: string, now: () => Date = () => new Date()): ContextResolver {
  return async (context, _correlationId, { userId }) => {
    if (userId === null) throw new Error('A meal email needs its userId for its symptom links');
    const mealId = typeof context.mealId === 'number' ? context.mealId : null;
    const issuedAt = now();
    const symptomLinks = SYMPTOM_LINK_SYMPTOMS.flatMap((symptomType) =>
      SYMPTOM_LINK_SEVERITIES.map((severity) => ({
        label: `${SYMPTOM_LABELS[symptomType]} · ${severity}`,
        url: symptomLinkUrl(publicUrl, tokens.symptomLink(userId, { symptomType, severity, mealId }, issuedAt), symptomType, severity),
      })),
    );
    return { symptomLinks };
  };
}
