import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { loadToastSnackbar } from '@fodmap/web-ui';
import { ann, fakeApi, json, renderInApp } from '../../test-kit';
import { YourAnswers } from './YourAnswers';

beforeAll(loadToastSnackbar);
afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

const profileChanges = (fetchMock: ReturnType<typeof fakeApi>) =>
  fetchMock.mock.calls.filter(([path, init]) => path === '/api/auth/user/profile' && init?.method === 'PATCH').map(([, init]) => JSON.parse(String(init?.body)));

describe("Profile's About you card (issue 18)", () => {
  it('shows what is answered and what is not, and saves a changed answer', async () => {
    const fetchMock = fakeApi((path) => (path === '/api/auth/user/profile' ? json(200, { ...ann, condition: 'crohns', dietPhase: 'reintroduction' }) : undefined));
    renderInApp(<YourAnswers user={{ ...ann, dietPhase: 'elimination' }} />);
    const card = screen.getByRole('region', { name: 'About you' });
    const condition = within(card).getByLabelText('Condition') as HTMLSelectElement;
    expect(condition.value).toBe('');
    expect(within(condition).getByRole('option', { name: 'Not answered yet' })).toBeTruthy();
    expect((within(card).getByLabelText('Diet phase') as HTMLSelectElement).value).toBe('elimination');
    expect((within(card).getByRole('combobox', { name: 'Time zone' }) as HTMLInputElement).value).toBe('America/Los_Angeles');

    fireEvent.change(condition, { target: { value: 'crohns' } });
    expect(await screen.findByText('Your answers have been saved')).toBeTruthy();
    expect(profileChanges(fetchMock)).toEqual([{ condition: 'crohns' }]);
  });

  it("reads the journal again after a change of zone: the person's today moved", async () => {
    const fetchMock = fakeApi((path) => (path === '/api/auth/user/profile' ? json(200, { ...ann, timeZone: 'Europe/London' }) : undefined));
    const queryClient = renderInApp(<YourAnswers user={ann} />);
    queryClient.setQueryData(['/api/dashboard/stats'], { mealsLogged: 1 });
    const zone = screen.getByRole('combobox', { name: 'Time zone' });
    fireEvent.focus(zone);
    fireEvent.change(zone, { target: { value: 'Europe/Lond' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Europe/London' }));
    expect(await screen.findByText('Your answers have been saved')).toBeTruthy();
    expect(profileChanges(fetchMock)).toEqual([{ timeZone: 'Europe/London' }]);
    expect(queryClient.getQueryState(['/api/dashboard/stats'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryData(['/api/auth/user'])).toMatchObject({ timeZone: 'Europe/London' });
  });

  it('says so when an answer could not be saved', async () => {
    fakeApi((path) => (path === '/api/auth/user/profile' ? json(500, { message: 'Internal server error' }) : undefined));
    renderInApp(<YourAnswers user={ann} />);
    fireEvent.change(screen.getByLabelText('Diet phase'), { target: { value: 'personalised' } });
    expect(await screen.findByText('Failed to save your answers')).toBeTruthy();
  });
});
