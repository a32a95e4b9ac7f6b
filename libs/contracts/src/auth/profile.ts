import { z } from 'zod';
import { Messages } from '../messages';
import { text } from '../text';
import { TIME_ZONE_MAX_LENGTH } from '../text-limits';
import { canonicalTimeZone } from '../time/time-zone';

/** What the person lives with (issue 18's first-run question); 'not_sure' is an answer, not a missing one. */
export const CONDITIONS = ['ibs', 'crohns', 'ulcerative_colitis', 'not_sure'] as const;
export type Condition = (typeof CONDITIONS)[number];

export const CONDITION_LABELS: Record<Condition, string> = {
  ibs: 'IBS',
  crohns: "Crohn's disease",
  ulcerative_colitis: 'Ulcerative colitis',
  not_sure: 'Not sure',
};

/** Where the person is in the low-FODMAP diet: its three phases, and just starting out. */
export const DIET_PHASES = ['starting', 'elimination', 'reintroduction', 'personalised'] as const;
export type DietPhase = (typeof DIET_PHASES)[number];

export const DIET_PHASE_LABELS: Record<DietPhase, string> = {
  starting: 'Just starting',
  elimination: 'Strict (elimination) phase',
  reintroduction: 'Reintroducing foods',
  personalised: 'Personalised diet',
};

/** The first-run question after sign-up: not yet answered, answered, or put off with 'Not now'. It is asked once. */
export const ONBOARDING_STATES = ['pending', 'answered', 'skipped'] as const;
export type OnboardingState = (typeof ONBOARDING_STATES)[number];
/** What the first-run screen records: the question was answered, or put off. */
const ONBOARDING_OUTCOMES = ['answered', 'skipped'] as const;

export const ProfileMessages = {
  invalidCondition: `Condition must be one of: ${CONDITIONS.join(', ')}`,
  invalidDietPhase: `Diet phase must be one of: ${DIET_PHASES.join(', ')}`,
  invalidOnboarding: 'Onboarding must be answered or skipped',
  nothingToChange: 'Send condition, dietPhase, timeZone and/or onboarding',
  saved: 'Your answers have been saved',
  saveFailed: 'Failed to save your answers',
  tryAgainOrSkip: 'Please try again, or choose Not now.',
} as const;

const oneOf = <T extends readonly [string, ...string[]]>(values: T, message: string) => z.enum(values, { errorMap: () => ({ message }) });

/**
 * PATCH /api/auth/user/profile: any of the person's answers, and `onboarding` when the first-run question was
 * answered or skipped (it never goes back to pending). The zone is stored in its canonical spelling.
 */
export const profileChangeSchema = z
  .object({
    condition: oneOf(CONDITIONS, ProfileMessages.invalidCondition).optional(),
    dietPhase: oneOf(DIET_PHASES, ProfileMessages.invalidDietPhase).optional(),
    timeZone: text('Time zone', TIME_ZONE_MAX_LENGTH, { required: Messages.invalidTimeZone })
      .transform((zone, ctx) => {
        const canonical = canonicalTimeZone(zone);
        if (canonical === null) ctx.addIssue({ code: z.ZodIssueCode.custom, message: Messages.invalidTimeZone });
        return canonical ?? zone;
      })
      .optional(),
    onboarding: oneOf(ONBOARDING_OUTCOMES, ProfileMessages.invalidOnboarding).optional(),
  })
  .strict()
  .refine((change) => Object.values(change).some((value) => value !== undefined), { message: ProfileMessages.nothingToChange });
export type ProfileChange = z.output<typeof profileChangeSchema>;
