import type { Condition, DietPhase, OnboardingState } from './profile';

/** The signed-in person as the browser sees it (spec §3 User). The password never leaves identity. */
export interface User {
  id: number;
  email: string;
  /** False until the person opens the link of the confirmation email: until then no admin rights and no email but that one and resets. */
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
  isAdmin: boolean;
  emailNotifications: boolean;
  mealNotifications: boolean;
  /** The zone of the person's days, and of their daily summary's 8:00: the browser's at sign-up, as they confirm or change it. */
  timeZone: string;
  /** Null until answered (issue 18's first-run question, or Profile). */
  condition: Condition | null;
  dietPhase: DietPhase | null;
  onboarding: OnboardingState;
  createdAt: string;
}

/** Spec §3: email notifications are on unless explicitly false; meal notifications are off unless true. */
export function notificationDefaults(stored: { emailNotifications?: boolean | null; mealNotifications?: boolean | null }) {
  return {
    emailNotifications: stored.emailNotifications !== false,
    mealNotifications: stored.mealNotifications === true,
  };
}

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];
