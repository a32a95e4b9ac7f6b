import { Caller, CallerSubject, Messages, RPC_SUBJECTS, RpcRequest, takesCaller, httpContract } from '@fodmap/contracts';
import { ClientProxy, ClientProxyFactory, Transport } from '@nestjs/microservices';
import { firstValueFrom } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { provided } from '../support/provided';
import { CALLER_SIGNATURE_HEADER, CALLER_SIGNATURE_MAX_AGE_MS, loadConfig, rpcRecord, signCaller } from '@fodmap/server';
import { NatsRecordBuilder } from '@nestjs/microservices';
import { headers as natsHeaders } from 'nats';
import { expectOk, okBody, registerUser } from '../support/api';
import { deliver, invoicePaid } from '../support/stripe';

/**
 * No handler may run a query with an undefined owner. Any process on NATS can publish on a service's subjects, so each
 * subject that acts for a signed-in user is sent, straight over NATS to the running services, requests whose caller
 * is missing or broken. The subjects come from the contract map: a new one is covered as soon as it is added there.
 */

/** Bob's records the valid requests name; each subject that changes one has its own, so the order of the cases does not matter. */
interface Records {
  foodId: number;
  foodName: string;
  /** an open meal without food */
  openMealId: number;
  /** an open meal with one food entry, which remove-food takes out */
  entry: { mealId: number; entryId: number };
  /** a meal with a food, for complete and repeat */
  mealWithFoodId: number;
  mealToDeleteId: number;
  symptomId: number;
  /** admin user entries and advertisers made over NATS: one to update, one to delete */
  adminUserToUpdate: number;
  adminUserToDelete: number;
  advertiserToUpdate: number;
  advertiserToDelete: number;
  /** Carol has paid: cancel needs an active subscription, while create needs Bob's trial. */
  subscriberId: number;
  /** Dan's account, which the valid erasure deletes (asked again, it answers the same). */
  erasableId: number;
  /** Erin has not confirmed his address: a new confirmation email is hers to ask for (409 once confirmed). */
  unconfirmedId: number;
}

const advertiserInput = { name: 'Owner check', productName: 'Owner check', description: 'Owner check', ctaText: 'Go', ctaLink: 'https://owner.example/check', isActive: false };

/** A valid request of each caller subject but for its caller: a subject added to the map without one here does not compile. */
function validRequests(caller: Caller, theirs: Records): { [Subject in CallerSubject]: RpcRequest<Subject> } {
  return {
    'identity.user.get': { caller },
    'identity.user.update-notifications': { caller, input: { mealNotifications: true } },
    'identity.user.update-profile': { caller, input: { condition: 'not_sure' } },
    'identity.photo.set': { caller, profileImageUrl: null },
    // Bob's own password (registerUser's), changed to another: the one request that shows the caller was his.
    'identity.password.change': { caller, input: { currentPassword: 'Correct-Horse-9', newPassword: 'Battery-Staple-7!' } },
    'identity.user.resend-verification': { caller: { ...caller, userId: theirs.unconfirmedId }, verifyBaseUrl: provided('gatewayUrl') },
    'identity.subscription.status': { caller },
    'identity.subscription.create': { caller },
    'identity.subscription.cancel': { caller: { ...caller, userId: theirs.subscriberId } },
    'journal.meal.create': { caller, input: { mealType: 'lunch', name: 'Owner check', timestamp: '2025-03-10T12:00:00Z' } },
    'journal.meal.add-food': { caller, mealId: theirs.openMealId, input: { foodId: theirs.foodId, quantity: 1, servingUnit: 'serving' } },
    'journal.meal.update': { caller, mealId: theirs.openMealId, input: { notes: 'Owner check' } },
    // Asked before remove-food takes the entry away (the map's order).
    'journal.meal.update-food': { caller, mealId: theirs.entry.mealId, entryId: theirs.entry.entryId, input: { quantity: 2, servingUnit: 'serving' } },
    'journal.meal.remove-food': { caller, mealId: theirs.entry.mealId, entryId: theirs.entry.entryId },
    'journal.meal.complete': { caller, mealId: theirs.mealWithFoodId },
    'journal.meal.delete': { caller, mealId: theirs.mealToDeleteId },
    'journal.meal.repeat': { caller, mealId: theirs.mealWithFoodId, input: {} },
    'journal.meal.list': { caller, input: {} },
    'journal.meal.get': { caller, mealId: theirs.openMealId },
    'journal.symptom.log': { caller, input: { symptomType: 'bloating', severity: 'mild', notes: 'Owner check' } },
    'journal.symptom.update': { caller, symptomId: theirs.symptomId, input: { severity: 'severe' } },
    'journal.symptom.list': { caller, input: {} },
    'journal.symptom.delete': { caller, symptomId: theirs.symptomId },
    'journal.dashboard.stats': { caller },
    'journal.education.list': { caller },
    'journal.export.meals': { caller, after: null },
    'journal.export.symptoms': { caller, after: null },
    'insights.activity.get': { caller, input: { startDate: '2025-03-01', endDate: '2025-03-31' } },
    'insights.correlation.list': { caller, input: { period: 90 } },
    'insights.fodmap-groups.get': { caller, input: { period: 90 } },
    'foods.food.list': { caller },
    'foods.food.search': { caller, input: { q: theirs.foodName } },
    'foods.food.get': { caller, id: theirs.foodId },
    'foods.food.quick-add': { caller, input: { name: 'Owner check food', fodmapRating: 'low' } },
    'foods.catalogue.get': { caller },
    'foods.catalogue.whats-new': { caller },
    'foods.ai.search': { caller, input: { query: theirs.foodName } },
    'foods.ai.background': { caller, input: { query: 'Owner check' } },
    'foods.export.private': { caller, after: null },
    'identity.admin-user.list': { caller },
    'identity.admin-user.create': { caller, input: { email: `owner-check.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`, firstName: 'Owner', lastName: 'Check' } },
    'identity.admin-user.update': { caller, adminUserId: theirs.adminUserToUpdate, input: { email: `owner-check.updated.${theirs.adminUserToUpdate}@example.com`, firstName: 'Owner', lastName: 'Check' } },
    'identity.admin-user.delete': { caller, adminUserId: theirs.adminUserToDelete },
    'identity.account.erase': { caller: { ...caller, userId: theirs.erasableId }, input: { password: 'Correct-Horse-9' } },
    'notifications.test.daily-summary': { caller },
    'notifications.test.meal-email': { caller },
    'notifications.test.symptom-link': { caller },
    'notifications.advertiser.list': { caller },
    'notifications.advertiser.create': { caller, input: advertiserInput },
    'notifications.advertiser.update': { caller, advertiserId: theirs.advertiserToUpdate, input: advertiserInput },
    'notifications.advertiser.delete': { caller, advertiserId: theirs.advertiserToDelete },
    'notifications.stats.email': { caller },
    'notifications.stats.advertisers': { caller },
    'notifications.export.emails': { caller, after: null },
  };
}

const CALLER_SUBJECTS = RPC_SUBJECTS.filter(takesCaller);

describe('every subject that acts for a caller refuses a request without a valid one', () => {
  let client: ClientProxy;
  let bob: Caller;
  let bobs: Records;
  const prefix = provided('natsPrefix');

  /** As the gateway sends it: the caller signed with the run's CALLER_SECRET (the broken ones too: the schema refuses them). */
  const send = (subject: string, payload: unknown) => sendRaw(subject, rpcRecord(`${prefix}.${subject}`, payload, loadConfig().callerSecret, undefined));

  /** Anything any process on NATS could send: a signature header of its choosing, or none. */
  const sendSigned = (subject: string, payload: unknown, signature: string | null) => {
    const h = natsHeaders();
    if (signature !== null) h.set(CALLER_SIGNATURE_HEADER, signature);
    return sendRaw(subject, new NatsRecordBuilder(payload).setHeaders(h).build());
  };

  const sendRaw = (subject: string, record: unknown) =>
    firstValueFrom(client.send<unknown>(`${prefix}.${subject}`, record)).then(
      (reply) => ({ reply }),
      (error: unknown) => ({ error }),
    );

  beforeAll(async () => {
    client = ClientProxyFactory.create({ transport: Transport.NATS, options: { servers: [loadConfig().natsUrl] } });
    await client.connect();
    // Bob has meals, a private food, a symptom and settings: what a handler that lost its owner condition would hand out.
    const { api, user } = await registerUser('bob', 'Bob');
    bob = { userId: user.id, timeZone: user.timeZone };
    const food = await api.call(httpContract.foods.quickAdd, { body: { name: 'Bob secret sauce', fodmapRating: 'high' } });
    expectOk(food);
    const meal = async (name: string, withFood: boolean): Promise<{ id: number; entryId?: number }> => {
      const created = await api.call(httpContract.meals.create, { body: { mealType: 'dinner', name, timestamp: '2025-03-10T19:00:00Z' } });
      expectOk(created);
      if (!withFood) return { id: created.body.id };
      const added = await api.call(httpContract.meals.addFood, { params: { id: created.body.id }, body: { foodId: food.body.id, quantity: 1, servingUnit: 'serving' } });
      expectOk(added);
      return { id: created.body.id, entryId: added.body.foods[0].id };
    };
    const [open, withEntry, withFood, toDelete] = [await meal('Bob secret stew', false), await meal('Bob secret soup', true), await meal('Bob secret pie', true), await meal('Bob secret tart', false)];
    const symptom = await api.call(httpContract.symptoms.log, { body: { symptomType: 'gas', severity: 'mild', notes: 'Bob secret symptom' } });
    expect(symptom.status).toBe(201);
    // The admin records exist apart from Bob (the gateway lets only admins reach these subjects); made as any process on NATS could.
    const made = async (subject: string, payload: unknown): Promise<number> => {
      const outcome = await send(subject, payload);
      if (!('reply' in outcome)) throw new Error(`${subject} failed: ${JSON.stringify(outcome.error)}`);
      return (outcome.reply as { id: number }).id;
    };
    const adminEntry = (label: string) => ({ email: `owner-check.${label}.${Date.now()}@example.com`, firstName: 'Owner', lastName: 'Check' });
    const caller = { userId: user.id, timeZone: user.timeZone };
    // Carol has paid (the e2e stack's Stripe is a fake), so cancel has a subscription to answer for.
    const carol = await registerUser('carol', 'Carol');
    const subscribed = await carol.api.call(httpContract.subscription.create);
    expectOk(subscribed);
    expect((await deliver(await invoicePaid(subscribed.body.subscriptionId))).status).toBe(200);
    bobs = {
      adminUserToUpdate: await made('identity.admin-user.create', { caller, input: adminEntry('update') }),
      adminUserToDelete: await made('identity.admin-user.create', { caller, input: adminEntry('delete') }),
      advertiserToUpdate: await made('notifications.advertiser.create', { caller, input: advertiserInput }),
      advertiserToDelete: await made('notifications.advertiser.create', { caller, input: advertiserInput }),
      foodId: okBody(food).id,
      foodName: okBody(food).name,
      openMealId: open.id,
      entry: { mealId: withEntry.id, entryId: withEntry.entryId ?? 0 },
      mealWithFoodId: withFood.id,
      mealToDeleteId: toDelete.id,
      symptomId: okBody(symptom).id,
      subscriberId: carol.user.id,
      erasableId: (await registerUser('dan', 'Dan')).user.id,
      unconfirmedId: (await registerUser('erin', 'Erin', undefined, undefined, { verified: false })).user.id,
    };
  });

  afterAll(async () => {
    await client?.close();
  });

  it('covers every caller subject of the map, each with a valid request', () => {
    expect(CALLER_SUBJECTS.length).toBeGreaterThan(0);
    expect(Object.keys(validRequests(bob, bobs)).sort()).toEqual([...CALLER_SUBJECTS].sort());
  });

  it.each(CALLER_SUBJECTS)('%s answers its owner, and 401 to a missing, absent, string, negative or out-of-range userId', async (subject) => {
    const request = validRequests(bob, bobs)[subject];
    expect(await send(subject, request)).toEqual({ reply: expect.anything() });

    const withoutCaller = Object.fromEntries(Object.entries(request).filter(([key]) => key !== 'caller'));
    const brokenCallers: unknown[] = [
      null,
      {},
      { timeZone: bob.timeZone },
      { userId: null, timeZone: bob.timeZone },
      { userId: String(bob.userId), timeZone: bob.timeZone },
      { userId: -bob.userId, timeZone: bob.timeZone },
      { userId: 0, timeZone: bob.timeZone },
      { userId: bob.userId + 0.5, timeZone: bob.timeZone },
      { userId: 2 ** 31, timeZone: bob.timeZone },
      { userId: [bob.userId], timeZone: bob.timeZone },
    ];
    const payloads = [{}, withoutCaller, ...brokenCallers.map((caller) => ({ ...withoutCaller, caller }))];
    for (const payload of payloads) {
      const outcome = await send(subject, payload);
      // Bob's data in any answer would be the leak; an error with the 401 body is the only acceptable outcome.
      expect({ payload, outcome }).toEqual({ payload, outcome: { error: { status: 401, message: Messages.unauthorized } } });
      expect(JSON.stringify(outcome)).not.toMatch(/Bob secret/);
    }
  });

  it.each(CALLER_SUBJECTS)('%s refuses with 401 a caller that is unsigned, signed with another secret, stale, or signed for someone else', async (subject) => {
    const request = validRequests(bob, bobs)[subject];
    const full = `${prefix}.${subject}`;
    const secret = loadConfig().callerSecret;
    const forgeries: Array<[string, unknown, string | null]> = [
      ['unsigned', request, null],
      ['another secret', request, signCaller('not-the-caller-secret', full, request.caller)],
      ['stale', request, signCaller(secret, full, request.caller, Date.now() - CALLER_SIGNATURE_MAX_AGE_MS - 5_000)],
      ['signed for another subject', request, signCaller(secret, `${prefix}.identity.user.get`, request.caller)],
      ['signed for another caller', request, signCaller(secret, full, { ...request.caller, userId: request.caller.userId + 1 })],
      ['garbage', request, 'forged'],
    ];
    for (const [forgery, payload, signature] of forgeries) {
      if (forgery === 'signed for another subject' && subject === 'identity.user.get') continue;
      const outcome = await sendSigned(subject, payload, signature);
      expect({ forgery, outcome }).toEqual({ forgery, outcome: { error: { status: 401, message: Messages.unauthorized } } });
      expect(JSON.stringify(outcome)).not.toMatch(/Bob secret/);
    }
  });

  it.each(CALLER_SUBJECTS)('%s answers 400, not 500, to a caller whose time zone is not one', async (subject) => {
    const request = validRequests({ ...bob, timeZone: 'Mars/Olympus' }, bobs)[subject];

    expect(await send(subject, request)).toEqual({ error: { status: 400, message: Messages.invalidTimeZone } });
  });
});
