import { localDay, localDayRange, Messages, ProfileMessages, httpContract, todayIn } from '@fodmap/contracts';
import { describe, expect, it } from '@jest/globals';
import { ApiSession, expectFailure, expectOk, okBody, registerUser } from '../support/api';

describe('PATCH /api/auth/user/profile (issue 18: the first-run question and Profile)', () => {
  it('starts pending with nothing answered, then stores the answers and the confirmed zone, which the current user shows at once', async () => {
    const { api, user } = await registerUser('profile', 'Rae', 'Europe/London');
    expect(user).toMatchObject({ condition: null, dietPhase: null, timeZone: 'Europe/London', onboarding: 'pending' });
    const saved = await api.call(httpContract.account.profile, { body: { condition: 'ulcerative_colitis', dietPhase: 'reintroduction', timeZone: 'europe/dublin', onboarding: 'answered' } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ id: user.id, condition: 'ulcerative_colitis', dietPhase: 'reintroduction', timeZone: 'Europe/Dublin', onboarding: 'answered' });
    // The gateway's account cache was replaced, not left to expire.
    expect((await api.call(httpContract.account.user)).body).toEqual(saved.body);
    const changed = await api.call(httpContract.account.profile, { body: { condition: 'not_sure' } });
    expect(changed.body).toMatchObject({ condition: 'not_sure', dietPhase: 'reintroduction', onboarding: 'answered' });
  });

  it("records 'Not now', after which the question stays asked", async () => {
    const { api } = await registerUser('profile-skip');
    expect((await api.call(httpContract.account.profile, { body: { onboarding: 'skipped' } })).body).toMatchObject({ onboarding: 'skipped', condition: null, dietPhase: null });
    expect(okBody(await api.call(httpContract.account.user)).onboarding).toBe('skipped');
  });

  it('answers a bad answer, an unknown zone, an unknown field or an empty change with 400 and what is wrong, changing nothing', async () => {
    const { api } = await registerUser('profile-bad', 'Bo', 'Asia/Tokyo');
    const cases: Array<[unknown, string]> = [
      [{ condition: 'flu' }, ProfileMessages.invalidCondition],
      [{ dietPhase: 'keto' }, ProfileMessages.invalidDietPhase],
      [{ timeZone: 'Mars/Olympus_Mons' }, Messages.invalidTimeZone],
      [{ timeZone: 42 }, Messages.invalidTimeZone],
      [{ onboarding: 'pending' }, ProfileMessages.invalidOnboarding],
      [{}, ProfileMessages.nothingToChange],
    ];
    for (const [body, message] of cases) {
      const res = await api.send(httpContract.account.profile, { body });
      expect({ body, status: res.status, answer: res.body }).toEqual({ body, status: 400, answer: { message } });
    }
    const unknownField = await api.send(httpContract.account.profile, { body: { condition: 'ibs', isAdmin: true } });
    expectFailure(unknownField, 400);
    expect(unknownField.body.message).toMatch(/isAdmin/);
    expect((await api.call(httpContract.account.user)).body).toMatchObject({ condition: null, timeZone: 'Asia/Tokyo', isAdmin: false });
  });

  it('is 401 for a visitor', async () => {
    const res = await new ApiSession().call(httpContract.account.profile, { body: { condition: 'ibs' } });
    expect(res).toMatchObject({ status: 401, body: { message: Messages.unauthorized } });
  });

  it("changes only the caller's own answers, whatever the body names", async () => {
    const ann = await registerUser('profile-ann', 'Ann');
    const bo = await registerUser('profile-bo', 'Bo');
    expect((await ann.api.send(httpContract.account.profile, { body: { userId: bo.user.id, condition: 'crohns' } })).status).toBe(400);
    expect(okBody(await ann.api.call(httpContract.account.profile, { body: { condition: 'crohns' } })).id).toBe(ann.user.id);
    expect((await bo.api.call(httpContract.account.user)).body).toMatchObject({ id: bo.user.id, condition: null });
  });

  it("moves the person's 'today' to the corrected zone, on every device they are signed in on", async () => {
    // Two zones 25 hours apart: each day starts at a different instant, and the earlier start is 'today' in one only.
    const [kiritimati, pagoPago] = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'];
    const now = new Date();
    const startOfToday = (zone: string) => localDayRange(todayIn(zone, now), zone).start;
    const [inToday, notInToday] = startOfToday(kiritimati) < startOfToday(pagoPago) ? [kiritimati, pagoPago] : [pagoPago, kiritimati];
    const timestamp = startOfToday(inToday).toISOString();

    const { api, email, password } = await registerUser('profile-zone', 'Zoe', notInToday);
    const otherDevice = new ApiSession();
    expect((await otherDevice.call(httpContract.auth.login, { body: { email, password } })).status).toBe(200);
    const meal = await api.call(httpContract.meals.create, { body: { mealType: 'breakfast', name: 'Porridge', timestamp } });
    expectOk(meal);
    const todaysMeals = async (session: ApiSession) => okBody(await session.call(httpContract.meals.list, { query: { todayOnly: 'true' } })).map(({ id }) => id);
    expect(await todaysMeals(api)).toEqual([]);
    expect(okBody(await api.call(httpContract.dashboard.stats)).mealsLogged).toBe(0);

    expect(okBody(await api.call(httpContract.account.profile, { body: { timeZone: inToday } })).timeZone).toBe(inToday);
    expect(await todaysMeals(api)).toEqual([meal.body.id]);
    expect(okBody(await api.call(httpContract.dashboard.stats)).mealsLogged).toBe(1);
    expect(await todaysMeals(otherDevice)).toEqual([meal.body.id]);
    expect((await otherDevice.call(httpContract.meals.list, { query: { date: localDay(timestamp, inToday) } })).body).toHaveLength(1);
  });
});
