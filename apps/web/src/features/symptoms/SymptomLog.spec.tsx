import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Symptom } from '@fodmap/contracts';
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { loadToastSnackbar } from '@fodmap/web-ui';
import { aMeal, fakeApi, json, renderInApp, requests } from '../../test-kit';
import { SymptomLog } from './SymptomLog';

// Ann lives in Los Angeles: 05:30 UTC on 4 March is still the evening of 3 March there.
const lateEvening: Symptom = { id: 1, symptomType: 'pain', severity: 'severe', notes: 'sharp, left side', timestamp: '2025-03-04T05:30:00.000Z', mealId: 7 };
const sameDay: Symptom = { id: 2, symptomType: 'gas', severity: 'mild', notes: null, timestamp: '2025-03-03T18:00:00.000Z', mealId: null };
const dayBefore: Symptom = { id: 3, symptomType: 'bloating', severity: 'moderate', notes: null, timestamp: '2025-03-02T18:00:00.000Z', mealId: 99 };

function logApi(symptoms: Symptom[]) {
  let current = symptoms;
  return fakeApi((path, init) => {
    if (path === '/api/symptoms' && (init?.method ?? 'GET') === 'GET') return json(200, current);
    if (path === '/api/meals') return json(200, [aMeal({ id: 7, name: 'Garlic bread' })]);
    const deleted = /^\/api\/symptoms\/(\d+)$/.exec(path);
    if (deleted && init?.method === 'DELETE') {
      current = current.filter((symptom) => symptom.id !== Number(deleted[1]));
      return json(200, { message: 'Symptom deleted' });
    }
    return undefined;
  });
}

beforeAll(loadToastSnackbar);
afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

describe('symptom log (spec §2 Diary)', () => {
  it('groups every symptom by the person’s local day, newest first, with severity, notes and the linked meal', async () => {
    logApi([lateEvening, sameDay, dayBefore]);
    renderInApp(<SymptomLog />);
    const days = await screen.findAllByRole('heading', { level: 2 });
    expect(days).toHaveLength(2);
    expect(days[0].textContent).toMatch(/Mar 3|3 Mar/);
    expect(days[1].textContent).toMatch(/Mar 2|2 Mar/);
    const [first, second] = screen.getAllByRole('list');
    expect(within(first).getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual(['Abdominal Pain', 'Gas']);
    expect(within(second).getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual(['Bloating']);
    const pain = within(first).getAllByRole('listitem')[0];
    expect(within(pain).getByText('Severe')).toBeTruthy();
    expect(within(pain).getByText('sharp, left side')).toBeTruthy();
    await waitFor(() => expect(pain.textContent).toContain('after Garlic bread'));
  });

  it('deletes a symptom only after a confirmation, and reads the log again', async () => {
    const fetchMock = logApi([sameDay]);
    renderInApp(<SymptomLog />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Gas' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete this symptom?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(requests(fetchMock)).not.toContain('DELETE /api/symptoms/2');

    fireEvent.click(await screen.findByRole('button', { name: 'Delete Gas' }));
    const again = screen.getByRole('dialog', { name: 'Delete this symptom?' });
    expect(again.textContent).toContain('Gas (mild) will be removed from your diary.');
    fireEvent.click(within(again).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Symptom deleted')).toBeTruthy();
    expect(await screen.findByText('No symptoms yet')).toBeTruthy();
    expect(screen.getByText('Symptoms you log from the dashboard or a meal appear here.')).toBeTruthy();
    expect(requests(fetchMock)).toContain('DELETE /api/symptoms/2');
  });
});
