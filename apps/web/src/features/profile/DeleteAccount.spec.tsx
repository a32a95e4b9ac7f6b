import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { QueryClientProvider } from '@tanstack/react-query';
import { AccountMessages, accountRoutes } from '@fodmap/contracts';
import { hrefOf } from '@fodmap/web-client';
import { loadToastSnackbar, ToastProvider } from '@fodmap/web-ui';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createQueryClient } from '../../lib/query-client';
import { currentUserKey } from '../session/use-session';
import { ann, fakeApi, json } from '../../test-kit';
import { DeleteAccount } from './DeleteAccount';

const ERASE = hrefOf(accountRoutes.erase);

/** Profile with the button, and the start page a deleted account lands on. */
function renderProfile() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserKey, ann);
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <MemoryRouter initialEntries={['/profile']}>
          <Routes>
            <Route path="/profile" element={<DeleteAccount />} />
            <Route path="/" element={<p>Start page</p>} />
          </Routes>
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return queryClient;
}

const erasures = (fetchMock: ReturnType<typeof fakeApi>) =>
  fetchMock.mock.calls.filter(([path, init]) => path === ERASE && init?.method === 'DELETE').map(([, init]) => JSON.parse(String(init?.body)));

beforeAll(loadToastSnackbar);
afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

describe("Profile's Delete account (issue 20 'Erasure')", () => {
  it('says what is deleted, asks for the password, then signs out to the start page with the success message', async () => {
    let release!: () => void;
    const fetchMock = fakeApi((path) =>
      path === ERASE ? new Promise<Response>((resolve) => (release = () => resolve(json(200, { message: AccountMessages.accountErased })))) : undefined,
    );
    const queryClient = renderProfile();
    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    expect(screen.getByRole('dialog', { name: 'Delete your account?' }).textContent).toMatch(/every meal and symptom you logged, your private foods.*cannot be undone/);

    fireEvent.click(screen.getByRole('button', { name: 'Delete everything' }));
    expect(await screen.findByText(AccountMessages.erasePasswordRequired)).toBeTruthy();
    expect(erasures(fetchMock)).toEqual([]);

    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'Correct-Horse-9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete everything' }));
    expect(await screen.findByRole('progressbar', { name: 'Deleting your account' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    release();

    expect(await screen.findByText('Start page')).toBeTruthy();
    expect(await screen.findByText(AccountMessages.accountErased)).toBeTruthy();
    expect(erasures(fetchMock)).toEqual([{ password: 'Correct-Horse-9' }]);
    expect(queryClient.getQueryData(currentUserKey)).toBeNull();
  });

  it('shows a wrong password and stays signed in', async () => {
    fakeApi((path) => (path === ERASE ? json(403, { message: AccountMessages.currentPasswordWrong }) : undefined));
    const queryClient = renderProfile();
    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'Wrong-Horse-9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete everything' }));
    expect(await screen.findByText(AccountMessages.currentPasswordWrong)).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('button', { name: 'Delete everything' }) as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByText('Start page')).toBeNull();
    expect(queryClient.getQueryData(currentUserKey)).toEqual(ann);
  });
});
