import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type Symptom, todayIn } from '@fodmap/contracts';
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { ann, fakeApi, json, renderInApp, requests } from '../../test-kit';
import { SymptomCheck } from './SymptomCheck';

const today = () => todayIn(ann.timeZone);
const bloating: Symptom = { id: 3, symptomType: 'bloating', severity: 'moderate', notes: null, timestamp: new Date().toISOString(), mealId: null };

function checkApi(todaySymptoms: Symptom[] = []) {
  return fakeApi((path) => {
    if (path === `/api/symptoms?date=${today()}`) return json(200, todaySymptoms);
    if (path === '/api/meals?todayOnly=true') return json(200, []);
    return undefined;
  });
}

const form = () => screen.findByRole('dialog', { name: 'Log Symptom' });
const chosenType = async () => ((within(await form()).getByLabelText(/^Symptom/) as HTMLSelectElement).value);

beforeAll(() => import('./SymptomDialog'));
afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

describe('symptom check (spec §2 Dashboard, §9 quick tiles)', () => {
  it('offers the four quick tiles in the spec’s order', () => {
    checkApi();
    renderInApp(<SymptomCheck />);
    const card = screen.getByRole('region', { name: 'Symptom Check' });
    expect(within(card).getAllByRole('button').map((button) => button.textContent)).toEqual(['Bloating', 'Abdominal Pain', 'Gas', 'Mood', 'Log other symptom']);
  });

  it.each([
    ['Bloating', 'bloating'],
    ['Abdominal Pain', 'pain'],
    ['Gas', 'gas'],
    ['Mood', 'mood'],
  ])('a tap on %s opens the form preset to it, at mild', async (tile, type) => {
    checkApi();
    renderInApp(<SymptomCheck />);
    fireEvent.click(screen.getByRole('button', { name: tile }));
    expect(await chosenType()).toBe(type);
    expect(within(await form()).getByRole('button', { name: 'Mild' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('opens the full form with no type for any other symptom', async () => {
    checkApi();
    renderInApp(<SymptomCheck />);
    fireEvent.click(screen.getByRole('button', { name: 'Log other symptom' }));
    expect(await chosenType()).toBe('');
  });

  it('lists today’s symptoms, read for today in the person’s own zone', async () => {
    const fetchMock = checkApi([bloating]);
    renderInApp(<SymptomCheck />);
    const list = await screen.findByRole('list', { name: 'Today’s symptoms' });
    expect(within(list).getByText('Bloating')).toBeTruthy();
    expect(within(list).getByText('Moderate')).toBeTruthy();
    expect(requests(fetchMock)).toContain(`GET /api/symptoms?date=${today()}`);
  });

  it('says when nothing is logged today', async () => {
    checkApi();
    renderInApp(<SymptomCheck />);
    await waitFor(() => expect(screen.getByText('No symptoms logged today.')).toBeTruthy());
  });
});
