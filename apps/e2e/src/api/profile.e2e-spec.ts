import { localDay, localDayRange, Messages, ProfileMessages } from '@fodmap/contracts';
import { describe, expect, it } from '@jest/globals';
import { ApiSession, registerUser } from '../support/api';

const PROFILE = '/api/auth/user/profile';

describe('PATCH /api/auth/user/profile (issue 18: the first-run question and Profile)', () => {
  it('starts pending with nothing answered, then stores the answers and the confirmed zone, which the current user shows at once', async () => {
    const { api, user } = await registerUser('profile', 'Rae', 'Europe/London');
    expect(user).toMatchObject({ condition: null, dietPhase: null, timeZone: 'Europe/London', onboarding: 'pending' });
    const saved = await api.patch(PROFILE, { condition: 'ulcerative_colitis', dietPhase: 'reintroduction', timeZone: 'europe/dublin', onboarding: 'answered' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ id: user.id, condition: 'ulcerative_colitis', dietPhase: 'reintroduction', timeZone: 'Europe/Dublin', onboarding: 'answered' });
    // The gateway's account cache was replaced, not left to expire.
    expect((await api.get('/api/auth/user')).body).toEqual(saved.body);
    const changed = await api.patch(PROFILE, { condition: 'not_sure' });
    expect(changed.body).toMatchObject({ condition: 'not_sure', dietPhase: 'reintroduction', onboarding: 'answered' });
  });

  it("records 'Not now', after which the question stays asked", async () => {
    const { api } = await registerUser('profile-skip');
    expect((await api.patch(PROFILE, { onboarding: 'skipped' })).body).toMatchObject({ onboarding: 'skipped', condition: null, dietPhase: null });
    expect((await api.get('/api/auth/user')).body.onboarding).toBe('skipped');
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
      const res = await api.patch(PROFILE, body);
      expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status: 400, message });
    }
    const unknownField = await api.patch(PROFILE, { condition: 'ibs', isAdmin: true });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.message).toMatch(/isAdmin/);
    expect((await api.get('/api/auth/user')).body).toMatchObject({ condition: null, timeZone: 'Asia/Tokyo', isAdmin: false });
  });

  it('is 401 for a visitor', async () => {
    const res = await new ApiSession().patch(PROFILE, { condition: 'ibs' });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(Messages.unauthorized);
  });

  it("changes only the caller's own answers, whatever the body names", async () => {
    const ann = await registerUser('profile-ann', 'Ann');
    const bo = await registerUser('profile-bo', 'Bo');
    expect((await ann.api.patch(PROFILE, { userId: bo.user.id, condition: 'crohns' })).status).toBe(400);
    expect((await ann.api.patch(PROFILE, { condition: 'crohns' })).body.id).toBe(ann.user.id);
    expect((await bo.api.get('/api/auth/user')).body).toMatchObject({ id: bo.user.id, condition: null });
  });

  it("moves the person's 'today' to the corrected zone, on every device they are signed in on", async () => {
    // Two zones 25 hours apart: each day starts at a different instant, and the earlier start is 'today' in one only.
    const [kiritimati, pagoPago] = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'];
    const now = new Date();
    const startOfToday = (zone: string) => localDayRange(localDay(now, zone), zone).start;
    const [inToday, notInToday] = startOfToday(kiritimati) < startOfToday(pagoPago) ? [kiritimati, pagoPago] : [pagoPago, kiritimati];
    const timestamp = startOfToday(inToday).toISOString();

    const { api, email, password } = await registerUser('profile-zone', 'Zoe', notInToday);
    const otherDevice = new ApiSession();
    expect((await otherDevice.post('/api/auth/local/login', { email, password })).status).toBe(200);
    const meal = await api.post('/api/meals', { mealType: 'breakfast', name: 'Porridge', timestamp });
    expect(meal.status).toBe(201);
    const todaysMeals = async (session: ApiSession) => ((await session.get('/api/meals?todayOnly=true')).body as Array<{ id: number }>).map(({ id }) => id);
    expect(await todaysMeals(api)).toEqual([]);
    expect((await api.get('/api/dashboard/stats')).body.mealsLogged).toBe(0);

    expect((await api.patch(PROFILE, { timeZone: inToday })).body.timeZone).toBe(inToday);
    expect(await todaysMeals(api)).toEqual([meal.body.id]);
    expect((await api.get('/api/dashboard/stats')).body.mealsLogged).toBe(1);
    expect(await todaysMeals(otherDevice)).toEqual([meal.body.id]);
    expect((await otherDevice.get(`/api/meals?date=${localDay(timestamp, inToday)}`)).body).toHaveLength(1);
  });
});
