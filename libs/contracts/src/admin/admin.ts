/** Spec §5: an advertiser's priority runs 1 to 100, lower appearing more often; 1 when not given. */
export const ADVERTISER_PRIORITY = { min: 1, max: 100, default: 1 } as const;

/** Spec §5: what an advertiser's block says when it has no disclaimer of its own. */
export const DEFAULT_DISCLAIMER = 'This is a sponsored recommendation. We may earn a commission from purchases made through this link.';

/** Spec §3 Advertiser. */
export interface Advertiser {
  id: number;
  name: string;
  productName: string;
  description: string;
  ctaText: string;
  ctaLink: string;
  sponsorMessage: string | null;
  disclaimerText: string | null;
  isActive: boolean;
  priority: number;
  createdAt: string;
}

/** Spec §3 Admin user: whose email is in the active list is an admin (identity). */
export interface AdminUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  isActive: boolean;
  createdAt: string;
}

/** The email types counted by the statistics (sent_emails.email_type). Test sends count as their type. */
export const EMAIL_TYPES = ['daily-summary', 'meal', 'password-reset', 'background-search'] as const;
export type EmailType = (typeof EMAIL_TYPES)[number];

export const EMAIL_TYPE_LABELS: Record<EmailType, string> = {
  'daily-summary': 'Daily summary',
  meal: 'Meal email',
  'password-reset': 'Password reset',
  'background-search': 'Background food search',
};

/** Spec §3 Email stats: over every email that left the building. lastSent null before the first. */
export interface EmailStats {
  totalSent: number;
  /** Distinct recipients. */
  totalUsers: number;
  lastSent: string | null;
  campaignsByType: Array<{ emailType: EmailType; count: number }>;
}

/** Spec §3 Advertiser stats, one per advertiser ever sent (deleted ones keep their rows), plus call-to-action clicks. */
export interface AdvertiserStats {
  advertiserId: number;
  advertiserName: string;
  totalEmailsSent: number;
  lastEmailSent: string | null;
  clicks: number;
  /** True once the advertiser was deleted: its past figures stay. */
  deleted: boolean;
}

/** Spec §9: weight 1/priority, so priority 1 appears twice as often as 2 and a hundred times as often as 100. */
export function advertiserWeight(priority: number): number {
  return 1 / priority;
}

/**
 * Picks at most one advertiser at random, weighted by advertiserWeight; null when none is given.
 * `random` is a number in [0, 1), e.g. Math.random().
 */
export function pickAdvertiser<A extends { priority: number }>(advertisers: readonly A[], random: number): A | null {
  if (advertisers.length === 0) return null;
  const total = advertisers.reduce((sum, advertiser) => sum + advertiserWeight(advertiser.priority), 0);
  let left = random * total;
  for (const advertiser of advertisers) {
    left -= advertiserWeight(advertiser.priority);
    if (left < 0) return advertiser;
  }
  return advertisers[advertisers.length - 1];
}
