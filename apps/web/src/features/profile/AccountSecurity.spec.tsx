import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { AccountMessages, accountRoutes, authRoutes, Messages } from '@fodmap/contracts';
import { loadToastSnackbar } from '@fodmap/web-ui';
import { Route, Routes } from 'react-router-dom';
import { fakeApi, json, renderInApp } from '../../test-kit';
import { AccountSecurity } from './AccountSecurity';

const posted = (fetchMock: ReturnType<typeof fakeApi>, path: string) =>
  fetchMock.mock.calls.filter(([called, init]) => called === path && init?.method === 'POST').map(([, init]) => (init?.body === undefined ? undefined : JSON.parse(String(init.body))));

function renderOnProfile() {
  renderInApp(
    <Routes>
      <Route path="/" element={<AccountSecurity />} />
      <Route path="/login" element={<p>The sign-in page</p>} />
    </Routes>,
  );
}

function fill(dialog: HTMLElement, values: { current: string; next: string; confirm: string }) {
  fireEvent.change(within(dialog).getByLabelText('Current Password'), { target: { value: values.current } });
  fireEvent.change(within(dialog).getByLabelText('New Password'), { target: { value: values.next } });
  fireEvent.change(within(dialog).getByLabelText('Confirm New Password'), { target: { value: values.confirm } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));
}

beforeAll(loadToastSnackbar);
afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

describe('Profile: change password and sign out everywhere (issue 20)', () => {
  it('checks the reset rules before sending, then changes the password and says so', async () => {
    const fetchMock = fakeApi((path) => (path === accountRoutes.changePassword.path ? json(200, { message: AccountMessages.passwordChanged }) : undefined));
    renderOnProfile();
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    const dialog = screen.getByRole('dialog', { name: 'Change password' });

    fill(dialog, { current: 'Correct-Horse-9', next: 'nocapitals1!', confirm: 'nocapitals1!' });
    expect(within(dialog).getByText(Messages.resetNeedsUppercase)).toBeTruthy();
    fill(dialog, { current: 'Correct-Horse-9', next: 'Battery-Staple-7!', confirm: 'Battery-Staple-7?' });
    expect(within(dialog).getByText(Messages.resetPasswordsDontMatch)).toBeTruthy();
    expect(posted(fetchMock, accountRoutes.changePassword.path)).toEqual([]);

    fill(dialog, { current: 'Correct-Horse-9', next: 'Battery-Staple-7!', confirm: 'Battery-Staple-7!' });
    expect(await screen.findByText(AccountMessages.passwordChanged)).toBeTruthy();
    expect(posted(fetchMock, accountRoutes.changePassword.path)).toEqual([{ currentPassword: 'Correct-Horse-9', newPassword: 'Battery-Staple-7!', confirmPassword: 'Battery-Staple-7!' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the server’s words for a wrong current password or a common new one', async () => {
    fakeApi((path) => (path === accountRoutes.changePassword.path ? json(403, { message: AccountMessages.currentPasswordWrong }) : undefined));
    renderOnProfile();
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    fill(screen.getByRole('dialog'), { current: 'Wrong-Horse-9', next: 'Battery-Staple-7!', confirm: 'Battery-Staple-7!' });
    expect(await screen.findByText(AccountMessages.currentPasswordWrong)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('signs out everywhere only once confirmed, then goes to the sign-in page', async () => {
    const fetchMock = fakeApi((path) => (path === authRoutes.logoutAll.path ? json(200, { message: AccountMessages.signedOutEverywhere }) : undefined));
    renderOnProfile();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign out everywhere?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(posted(fetchMock, authRoutes.logoutAll.path)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText('The sign-in page')).toBeTruthy();
    expect(await screen.findByText(AccountMessages.signedOutEverywhere)).toBeTruthy();
    expect(posted(fetchMock, authRoutes.logoutAll.path)).toHaveLength(1);
  });
});
