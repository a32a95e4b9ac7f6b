import { ensureSchema, serviceDataSourceOptions } from '@fodmap/server';
import { jobByKey, suiteDatabase } from '@fodmap/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { notificationsSchema } from '../notifications.schema';
import { JobQueue1769000000000 } from './1769000000000-job-queue';

/** A database of its own: the run's database has the notifications schema at its newest already. */
let upgrade: { url: string; drop: () => Promise<void> };

const open = (migrations: typeof notificationsSchema.migrations) =>
  new DataSource(serviceDataSourceOptions(upgrade.url, 'notifications', notificationsSchema.entities, migrations)).initialize();

describe('the upgrade from the email outbox to the job queue', () => {
  let dataSource: DataSource;
  const ids = { pending: randomUUID(), sending: randomUUID(), failed: randomUUID(), dropped: randomUUID(), meal: randomUUID() };

  beforeAll(async () => {
    upgrade = await suiteDatabase('upgrade');
    await ensureSchema(upgrade.url, 'notifications');
    const before = await open(notificationsSchema.migrations.filter((migration) => migration !== JobQueue1769000000000));
    for (const [status, lastError] of [['pending', null], ['sending', null], ['failed', 'SMTP is down'], ['dropped', 'identity no longer issues its link']] as const) {
      await before.query(
        `INSERT INTO notifications.email_outbox (event_id, email_type, user_id, recipient, template, context, correlation_id, status, attempts, last_error)
         VALUES ($1, 'password-reset', 7, $2, 'password-reset', $3::jsonb, NULL, $4, $5, $6)`,
        [ids[status], `${status}@example.com`, JSON.stringify({ firstName: 'Ann', resetId: randomUUID() }), status, status === 'pending' ? 0 : 1, lastError],
      );
    }
    const mealCompleted = { eventId: ids.meal, type: 'MealCompleted', data: { mealId: 41, userId: 7 }, metadata: { correlationId: 'request-1' } };
    await before.query(
      `INSERT INTO notifications.dead_letters (projection, source, position, event_id, type, subject, body, error, attempts, failed_at)
       VALUES ('meal_emails', 'journal', 12, $1, 'MealCompleted', 'journal.MealCompleted', $2, 'journal_digest has not reached position 12 yet', 5, now())`,
      [ids.meal, JSON.stringify(mealCompleted)],
    );
    await before.destroy();
    dataSource = await open(notificationsSchema.migrations);
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await upgrade?.drop();
  });

  it('turns each outbox row into a send-email job: pending and interrupted ones due, failed and dropped ones failed with why', async () => {
    expect(await jobByKey(dataSource, 'notifications', ids.pending)).toEqual([{ id: expect.any(String), attempts: 0, max_attempts: 8, last_error: null, due_later: false }]);
    expect(await jobByKey(dataSource, 'notifications', ids.sending)).toEqual([{ id: expect.any(String), attempts: 0, max_attempts: 8, last_error: null, due_later: false }]);
    // Its send may have happened: it goes again at most once more.
    expect(await dataSource.query('SELECT event_id, interruptions FROM notifications.email_sending')).toEqual([{ event_id: ids.sending, interruptions: 0 }]);
    expect(await jobByKey(dataSource, 'notifications', ids.failed)).toEqual([{ id: expect.any(String), attempts: 8, max_attempts: 8, last_error: 'SMTP is down', due_later: false }]);
    expect(await jobByKey(dataSource, 'notifications', ids.dropped)).toEqual([
      { id: expect.any(String), attempts: 8, max_attempts: 8, last_error: 'identity no longer issues its link', due_later: false },
    ]);
    expect(await dataSource.query(`SELECT payload FROM notifications_jobs._private_jobs WHERE key = $1`, [ids.pending])).toEqual([
      {
        payload: {
          eventId: ids.pending,
          emailType: 'password-reset',
          userId: 7,
          to: 'pending@example.com',
          template: 'password-reset',
          context: { firstName: 'Ann', resetId: expect.any(String) },
          correlationId: null,
          advertiserId: null,
        },
      },
    ]);
    expect(await dataSource.query(`SELECT to_regclass('notifications.email_outbox') AS outbox`)).toEqual([{ outbox: null }]);
  });

  it("turns meal_emails' dead letters into meal-email jobs", async () => {
    expect(await jobByKey(dataSource, 'notifications', `meal-email:${ids.meal}`)).toEqual([{ id: expect.any(String), attempts: 0, max_attempts: 8, last_error: null, due_later: false }]);
    expect(await dataSource.query(`SELECT payload FROM notifications_jobs._private_jobs WHERE key = $1`, [`meal-email:${ids.meal}`])).toEqual([
      { payload: { eventId: ids.meal, mealId: 41, userId: 7, correlationId: 'request-1' } },
    ]);
    expect(await dataSource.query(`SELECT id FROM notifications.dead_letters WHERE projection = 'meal_emails'`)).toEqual([]);
  });
});
