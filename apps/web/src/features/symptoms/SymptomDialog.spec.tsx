import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Symptom } from '@fodmap/contracts';
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { loadToastSnackbar } from '@fodmap/web-ui';
import { aMeal, fakeApi, json, renderInApp, requests } from '../../test-kit';
import { SymptomDialog } from './SymptomDialog';

const lunch = aMeal({ id: 5, name: 'Chicken & Rice', timestamp: new Date().toISOString() });

/** The gateway's symptom routes; `logged` answers the POST. */
function symptomApi(logged: (body: Record<string, unknown>) => Response = (body) => json(201, { id: 9, notes: null, mealId: null, timestamp: new Date().toISOString(), ...body })) {
  return fakeApi((path, init) => {
    if (path === '/api/meals?todayOnly=true') return json(200, [lunch]);
    if (path === '/api/meals/5') return json(200, lunch);
    if (path === '/api/symptoms' && init?.method === 'POST') return logged(JSON.parse(String(init.body)));
    return undefined;
  });
}

const onClose = jest.fn();
const symptomField = () => screen.getByLabelText(/^Symptom/) as HTMLSelectElement;
const logButton = () => screen.getByRole('button', { name: 'Log Symptom' });
const posted = (fetchMock: ReturnType<typeof fakeApi>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([, init]) => ({ body: JSON.parse(String(init?.body)), headers: init?.headers as Record<string, string> }));

beforeAll(loadToastSnackbar);
afterEach(() => {
  cleanup();
  onClose.mockReset();
  jest.restoreAllMocks();
});

describe('symptom form (spec §5 Symptom form, §8)', () => {
  it('starts at mild with no type chosen, and asks for a type before logging', async () => {
    const fetchMock = symptomApi();
    renderInApp(<SymptomDialog open onClose={onClose} />);

    expect(symptomField().value).toBe('');
    expect(screen.getByRole('button', { name: 'Mild' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Moderate' }).getAttribute('aria-pressed')).toBe('false');
    expect([...symptomField().options].filter((option) => !option.disabled).map((option) => option.text)).toEqual([
      'Bloating',
      'Abdominal Pain',
      'Gas',
      'Diarrhea',
      'Constipation',
      'Nausea',
      'Headache',
      'Fatigue',
      'Mood',
    ]);

    fireEvent.click(logButton());
    expect(await screen.findByText('Symptom type is required')).toBeTruthy();
    expect(posted(fetchMock)).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('logs the chosen type, severity and today’s meal with an idempotency key, says so and closes', async () => {
    const fetchMock = symptomApi();
    renderInApp(<SymptomDialog open onClose={onClose} />);
    fireEvent.change(symptomField(), { target: { value: 'gas' } });
    fireEvent.click(screen.getByRole('button', { name: 'Severe' }));
    const mealField = (await screen.findByLabelText('Linked meal')) as HTMLSelectElement;
    await waitFor(() => expect(mealField.options).toHaveLength(2));
    expect(mealField.value).toBe('');
    fireEvent.change(mealField, { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: 'after lunch' } });
    const tapped = Date.now();
    fireEvent.click(logButton());

    expect(await screen.findByText('Symptom logged successfully')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    const [{ body, headers }] = posted(fetchMock);
    expect(body).toEqual({ symptomType: 'gas', severity: 'severe', notes: 'after lunch', mealId: 5, timestamp: expect.any(String) });
    // 'Now' is sent as the moment of the tap, so a late or repeated request keeps it (issue 18).
    expect(Math.abs(Date.parse(String(body.timestamp)) - tapped)).toBeLessThan(5_000);
    expect(headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('logs for the meal it was opened from, preset to the tile’s type', async () => {
    const fetchMock = symptomApi();
    renderInApp(<SymptomDialog open onClose={onClose} mealId={5} initialType="bloating" />);
    expect(await screen.findByText('Chicken & Rice')).toBeTruthy();
    expect(screen.queryByLabelText('Linked meal')).toBeNull();
    expect(symptomField().value).toBe('bloating');
    fireEvent.click(screen.getByRole('button', { name: 'Moderate' }));
    fireEvent.click(logButton());
    await screen.findByText('Symptom logged successfully');
    expect(posted(fetchMock)[0].body).toEqual({ symptomType: 'bloating', severity: 'moderate', mealId: 5, timestamp: expect.any(String) });
  });

  it('sends when a symptom began when it was earlier, and refuses a time in the future', async () => {
    const fetchMock = symptomApi();
    renderInApp(<SymptomDialog open onClose={onClose} initialType="nausea" />);
    const when = screen.getByLabelText('When did it start?');
    const localInput = (date: Date) => new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

    fireEvent.change(when, { target: { value: localInput(new Date(Date.now() + 3_600_000)) } });
    fireEvent.click(logButton());
    expect(await screen.findByText('Symptom time must be a valid date and time, not in the future')).toBeTruthy();
    expect(posted(fetchMock)).toEqual([]);

    const yesterday = localInput(new Date(Date.now() - 86_400_000));
    fireEvent.change(when, { target: { value: yesterday } });
    fireEvent.click(logButton());
    await screen.findByText('Symptom logged successfully');
    expect(posted(fetchMock)[0].body).toEqual({ symptomType: 'nausea', severity: 'mild', timestamp: new Date(yesterday).toISOString() });
  });

  it('shows the server’s reason for a refused symptom, and the spec’s apology for any other failure', async () => {
    let answer = json(400, { message: 'Meal not found' });
    symptomApi(() => answer);
    renderInApp(<SymptomDialog open onClose={onClose} initialType="gas" />);
    fireEvent.click(logButton());
    expect(await screen.findByText('Meal not found')).toBeTruthy();

    answer = json(500, { message: 'database exploded' });
    fireEvent.click(logButton());
    expect(await screen.findByText('Failed to log symptom. Please try again.')).toBeTruthy();
    expect(screen.queryByText(/database exploded/)).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('treats a 401 as the end of the session (spec §8 Unauthorized)', async () => {
    const fetchMock = symptomApi(() => json(401, { message: 'Unauthorized' }));
    renderInApp(<SymptomDialog open onClose={onClose} initialType="gas" />);
    fireEvent.click(logButton());
    expect(await screen.findByText('You are logged out. Logging in again...')).toBeTruthy();
    expect(requests(fetchMock)).toContain('POST /api/symptoms');
  });
});

describe('symptom form: correcting a logged symptom (issue 18)', () => {
  const logged: Symptom = { id: 9, symptomType: 'gas', severity: 'moderate', notes: 'after coffee', timestamp: new Date(Date.now() - 3_600_000).toISOString(), mealId: 5 };
  const patchApi = (answer: () => Response) =>
    fakeApi((path, init) => {
      if (path === '/api/symptoms/9' && init?.method === 'PATCH') return answer();
      if (path === '/api/meals/5') return json(200, lunch);
      if (path.startsWith('/api/meals')) return json(200, [lunch]);
      return undefined;
    });

  it('opens with the symptom’s values; clearing its notes and meal sends them as null', async () => {
    const fetchMock = patchApi(() => json(200, logged));
    renderInApp(<SymptomDialog open onClose={onClose} symptom={logged} />);
    expect(symptomField().value).toBe('gas');
    expect(screen.getByRole('button', { name: 'Moderate' }).getAttribute('aria-pressed')).toBe('true');
    await screen.findByRole('option', { name: /^Chicken & Rice/ });
    // The linked meal is selected once its option and the symptom's meal have both arrived (two reads, either first).
    await waitFor(() => expect((screen.getByLabelText('Linked meal') as HTMLSelectElement).value).toBe('5'));
    fireEvent.change(screen.getByLabelText('Linked meal'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Symptom updated')).toBeTruthy();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ notes: null, mealId: null });
    expect(onClose).toHaveBeenCalled();
  });

  it('closes without sending when nothing changed, and names a refused correction with the server’s words', async () => {
    const fetchMock = patchApi(() => json(404, { message: 'Meal not found' }));
    renderInApp(<SymptomDialog open onClose={onClose} symptom={logged} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests(fetchMock)).not.toContain('PATCH /api/symptoms/9');

    fireEvent.click(screen.getByRole('button', { name: 'Severe' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Meal not found')).toBeTruthy();
  });
});
