import { EventTypes, FoodResearchCompletedV1 } from '@fodmap/contracts';
import { CaughtMessage, Mailcatcher, startMailcatcher } from '@fodmap/mailcatcher';
import { eventually, Producer, startProducer, startService, suitePrefix } from '@fodmap/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { INestMicroservice } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';

const publicUrl = 'https://fodmap.test';

let catcher: Mailcatcher;
let identity: Producer;
let foods: Producer;
let notifications: INestMicroservice;

beforeAll(async () => {
  catcher = await startMailcatcher({ smtpPort: 0, httpPort: 0 });
  // Read when notifications' modules load. A prefix of its own, since the stand-in producers number their events from 1.
  process.env.SMTP_URL = `smtp://127.0.0.1:${catcher.smtpPort}`;
  process.env.NATS_PREFIX = suitePrefix('food_research_email');
  process.env.PUBLIC_URL = publicUrl;
  identity = await startProducer('identity');
  foods = await startProducer('foods');
  const { AppModule } = await import('../app.module');
  notifications = await startService('notifications', AppModule);
});

afterAll(async () => {
  await notifications?.close();
  await foods?.stop();
  await identity?.stop();
  await catcher?.close();
});

async function inbox(to: string): Promise<CaughtMessage[]> {
  return (await (await fetch(`http://127.0.0.1:${catcher.httpPort}/api/messages?to=${encodeURIComponent(to)}`)).json()) as CaughtMessage[];
}

let people = 0;
/** A person notifications knows (identity's UserRegistered, their address proven), with every email turned off: the answer still goes. */
async function signUp(): Promise<{ userId: number; email: string }> {
  const person = { userId: 8800 + ++people, email: `research${people}.${Date.now()}@example.com` };
  await identity.store.append(
    `user-${person.userId}`,
    0,
    [
      { type: EventTypes.UserRegistered, schemaVersion: 2, data: { ...person, firstName: 'Ann', lastName: 'Lee', timeZone: 'Europe/London', host: 'default' } },
      // A proven address: an unconfirmed one receives nothing but its confirmation and resets (issue 20).
      { type: EventTypes.EmailVerified, schemaVersion: 1, data: { userId: person.userId, verifiedAt: new Date().toISOString() } },
    ],
    { userId: person.userId },
  );
  await identity.store.append(`user-${person.userId}-preferences`, 0, [{ type: EventTypes.NotificationPreferencesChanged, schemaVersion: 1, data: { userId: person.userId, emailNotifications: false, mealNotifications: false } }], { userId: person.userId });
  return person;
}

async function complete(data: Omit<FoodResearchCompletedV1, 'researchId'>): Promise<CaughtMessage> {
  const researchId = randomUUID();
  await foods.store.append(`food-research-${researchId}`, 0, [{ type: EventTypes.FoodResearchCompleted, schemaVersion: 1, data: { researchId, ...data } }], { userId: data.userId });
  const [email] = await eventually(async () => {
    const messages = await inbox((await notifications.get(DataSource).query('SELECT email FROM notifications.recipients WHERE user_id = $1', [data.userId]))[0]?.email ?? '-');
    expect(messages).toHaveLength(1);
    return messages;
  });
  return email;
}

describe('background food search email', () => {
  it('tells the person the food was found, with a link to it in Food Search', async () => {
    const person = await signUp();
    const email = await complete({ userId: person.userId, query: 'jackfruit', status: 'found', foodId: 41, foodName: 'Jackfruit' });
    expect(email.subject).toBe('We found Jackfruit');
    expect(email.text).toContain('Hi Ann,');
    expect(email.text).toContain('Your background search for "jackfruit" is done: Jackfruit is now in your foods.');
    expect(email.text).toContain(`${publicUrl}/search?q=Jackfruit`);
    // Handlebars writes '=' in an attribute as &#x3D;, which a mail client reads as '='.
    expect(email.html.replace(/&#x3D;/g, '=')).toContain(`href="${publicUrl}/search?q=Jackfruit"`);
  });

  it('tells the person when nothing was found, and how to add the food themselves', async () => {
    const person = await signUp();
    const email = await complete({ userId: person.userId, query: 'zorblax & crisps', status: 'failed', foodId: null, foodName: null });
    expect(email.subject).toBe('No information found for zorblax & crisps');
    expect(email.text).toContain('You can manually add this food if you have FODMAP information.');
    expect(email.text).toContain(`${publicUrl}/search?q=zorblax%20%26%20crisps`);
  });

  it('records it as a background-search email', async () => {
    const person = await signUp();
    await complete({ userId: person.userId, query: 'okra', status: 'placeholder_created', foodId: 42, foodName: 'okra' });
    const rows = await eventually(async () => {
      const sent = await notifications.get(DataSource).query('SELECT email_type FROM notifications.sent_emails WHERE user_id = $1', [person.userId]);
      expect(sent).toHaveLength(1);
      return sent;
    });
    expect(rows).toEqual([{ email_type: 'background-search' }]);
  });
});
