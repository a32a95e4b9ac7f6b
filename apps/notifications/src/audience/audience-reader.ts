import { FoodSnapshot, MealType, Severity, SymptomType } from '@fodmap/contracts';
import { projectionTables } from '@fodmap/server';
import { DataSource, EntityManager } from 'typeorm';
import { Email } from '../email/email-sender';
import { VERIFICATION_EMAIL } from '../email-verification/verification-emails.projection';
import { PASSWORD_RESET_EMAIL } from '../password-reset/password-reset-emails.projection';
import { journalDigestProjection } from './journal-digest.projection';
import { recipientsProjection } from './recipients.projection';

export const recipientTables = projectionTables(recipientsProjection, 'notifications');
export const digestTables = projectionTables(journalDigestProjection, 'notifications');

/** A person the emails go to, in their own zone as identity holds it (sign-up, then as they confirm or change it). */
export interface Recipient {
  userId: number;
  email: string;
  firstName: string;
  timeZone: string;
  host: string;
  emailNotifications: boolean;
  mealNotifications: boolean;
  /** Their address is proven (identity's EmailVerified, issue 20): until then they get only the confirmation email and resets. */
  emailVerified: boolean;
}

/** SQL for recipients; `r` is free for a caller's WHERE. */
export const RECIPIENTS_SQL = `
  SELECT r.user_id AS "userId", r.email, r.first_name AS "firstName", r.time_zone AS "timeZone", r.host,
         r.email_notifications AS "emailNotifications", r.meal_notifications AS "mealNotifications", r.email_verified AS "emailVerified"
  FROM ${recipientTables.recipients} r`;

/** The person, or null when identity's UserRegistered has not reached this service (yet). */
export async function findRecipient(manager: EntityManager, userId: number): Promise<Recipient | null> {
  const [recipient]: Recipient[] = await manager.query(`${RECIPIENTS_SQL} WHERE r.user_id = $1`, [userId]);
  return recipient ?? null;
}

/** The emails an address that is not proven still gets (issue 20): proving it, and resetting the password (which proves it too). */
const UNPROVEN_ADDRESS_EMAILS: ReadonlySet<string> = new Set([VERIFICATION_EMAIL, PASSWORD_RESET_EMAIL]);

/**
 * EmailSender's gate: a person's email goes only to an address they proved, but for the emails above. One check where
 * every email leaves, so no email type (summary, meal, test, research) can forget it; a person not yet in `recipients`
 * has proven nothing yet.
 */
export function provenAddressesOnly(dataSource: DataSource): (email: Email) => Promise<boolean> {
  return async ({ userId, emailType }) => {
    if (userId === null || UNPROVEN_ADDRESS_EMAILS.has(emailType)) return true;
    const [row]: Array<{ email_verified: boolean }> = await dataSource.query(`SELECT email_verified FROM ${recipientTables.recipients} WHERE user_id = $1`, [userId]);
    return row?.email_verified === true;
  };
}

/** How long a person's own request waits for their sign-up to reach `recipients`: well inside the gateway's 5 s. */
const RECIPIENT_WAIT_MS = 3_000;
const RECIPIENT_POLL_MS = 100;

/**
 * The person a request acts for. Someone who signs up and taps a test button at once can be ahead of the recipients
 * projection by a moment: wait for it (each read sees the latest commit) rather than answer that they do not exist,
 * and for their proven address, rather than answer that it is not (an unproven one waits the 3 s, then is told so).
 * The gateway refuses a person identity holds unproven before asking, so only that race waits here. Read outside any
 * transaction: a wait must not hold one open (and its connection from the pool) while it sleeps.
 */
export async function awaitRecipient(dataSource: DataSource, userId: number): Promise<Recipient | null> {
  const deadline = Date.now() + RECIPIENT_WAIT_MS;
  for (;;) {
    const recipient = await findRecipient(dataSource.manager, userId);
    // Likewise a person who has just opened their confirmation link: their EmailVerified may be a moment behind it.
    if (recipient?.emailVerified || Date.now() >= deadline) return recipient;
    await new Promise((resolve) => setTimeout(resolve, RECIPIENT_POLL_MS));
  }
}

/** A food of a meal as the digest keeps it. */
export interface DigestFood {
  entryId: number;
  quantity: number;
  servingUnit: string;
  grams: number | null;
  food: FoodSnapshot;
}

export interface DigestMeal {
  userId: number;
  mealId: number;
  name: string;
  mealType: MealType;
  eatenAt: Date;
  timeZone: string;
  completed: boolean;
  foods: DigestFood[];
}

export interface DigestSymptom {
  userId: number;
  symptomType: SymptomType;
  severity: Severity;
  feltAt: Date;
  /** the meal it follows, when it names one that still exists */
  mealName: string | null;
}

const FOODS_OF_MEAL = `coalesce((
    SELECT json_agg(json_build_object('entryId', f.entry_id, 'quantity', f.quantity, 'servingUnit', f.serving_unit, 'grams', f.grams, 'food', f.snapshot) ORDER BY f.entry_id)
    FROM ${digestTables.digest_meal_foods} f WHERE f.meal_id = m.meal_id), '[]') AS foods`;
const MEAL_COLUMNS = `m.user_id AS "userId", m.meal_id::integer AS "mealId", m.name, m.meal_type AS "mealType", m.eaten_at AS "eatenAt",
  m.time_zone AS "timeZone", m.completed, ${FOODS_OF_MEAL}`;

/** What each (person, local day) of a batch held: one statement for the meals and their foods, one for the symptoms. */
export async function loadDays(manager: EntityManager, days: ReadonlyArray<{ userId: number; day: string }>): Promise<{ meals: DigestMeal[]; symptoms: DigestSymptom[] }> {
  const userIds = days.map(({ userId }) => userId);
  const dates = days.map(({ day }) => day);
  const meals: DigestMeal[] = await manager.query(
    `SELECT ${MEAL_COLUMNS}
     FROM unnest($1::integer[], $2::date[]) AS b(user_id, day)
     JOIN ${digestTables.digest_meals} m ON m.user_id = b.user_id AND m.local_day = b.day
     ORDER BY m.user_id, m.eaten_at, m.meal_id`,
    [userIds, dates],
  );
  const symptoms: DigestSymptom[] = await manager.query(
    `SELECT s.user_id AS "userId", s.symptom_type AS "symptomType", s.severity, s.felt_at AS "feltAt", m.name AS "mealName"
     FROM unnest($1::integer[], $2::date[]) AS b(user_id, day)
     JOIN ${digestTables.digest_symptoms} s ON s.user_id = b.user_id AND s.local_day = b.day
     LEFT JOIN ${digestTables.digest_meals} m ON m.meal_id = s.meal_id
     ORDER BY s.user_id, s.felt_at, s.symptom_id`,
    [userIds, dates],
  );
  return { meals, symptoms };
}

/** One meal of the digest, or null when the digest does not hold it (not caught up, or deleted). */
export async function findMeal(manager: EntityManager, mealId: number): Promise<DigestMeal | null> {
  const [meal]: DigestMeal[] = await manager.query(`SELECT ${MEAL_COLUMNS} FROM ${digestTables.digest_meals} m WHERE m.meal_id = $1`, [mealId]);
  return meal ?? null;
}

/** The person's newest meal (by when it was eaten), or null. */
export async function newestMeal(manager: EntityManager, userId: number): Promise<DigestMeal | null> {
  const [meal]: DigestMeal[] = await manager.query(
    `SELECT ${MEAL_COLUMNS} FROM ${digestTables.digest_meals} m WHERE m.user_id = $1 ORDER BY m.eaten_at DESC, m.meal_id DESC LIMIT 1`,
    [userId],
  );
  return meal ?? null;
}

/** Where the emails' 'open the app' links go: the Diary, the day by day list of what was logged. */
export const diaryUrl = (publicUrl: string) => `${publicUrl.replace(/\/+$/, '')}/diary`;
