import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { AdminMessages, type AdminUser } from '@fodmap/contracts';
import { loadToastSnackbar } from '@fodmap/web-ui';
import { anAdminUser, fakeApi, json, renderInAdmin, writes } from '../test-kit';
import { AdminUsersTab } from './AdminUsersTab';

// The toast's code loads with the first toast; loading it up front keeps that out of the tests' time limits.
beforeAll(loadToastSnackbar);
afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

/** The gateway's admin-user routes over an in-memory list; `refuse` answers a write instead when given. */
function adminUserApi(initial: AdminUser[], refuse?: Response) {
  let list = [...initial];
  return fakeApi((path, init) => {
    const method = init?.method ?? 'GET';
    if (!path.startsWith('/api/admin/admin-users')) return undefined;
    if (method === 'GET') return json(200, list);
    if (refuse) return refuse;
    const id = Number(path.split('/').at(-1));
    if (method === 'DELETE') {
      list = list.filter((adminUser) => adminUser.id !== id);
      return json(200, { message: AdminMessages.adminUserDeleted });
    }
    const saved = { ...anAdminUser(), ...JSON.parse(String(init?.body)), id: method === 'POST' ? 99 : id };
    list = method === 'POST' ? [...list, saved] : list.map((adminUser) => (adminUser.id === id ? saved : adminUser));
    return json(method === 'POST' ? 201 : 200, saved);
  });
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: RegExp, value: string) => fireEvent.change(field(label), { target: { value } });
const dialog = () => screen.getByRole('dialog');

describe('admin users (spec §2 Admin Users tab, §5 Admin user form)', () => {
  it('says there are none yet', async () => {
    adminUserApi([]);
    renderInAdmin(<AdminUsersTab />);
    expect(await screen.findByText('No admin users found. Add one to get started.')).toBeTruthy();
  });

  it('shows each admin user with name, email, created date and Active/Inactive badge', async () => {
    adminUserApi([anAdminUser(), anAdminUser({ id: 6, email: 'cy@example.com', firstName: 'Cy', lastName: 'Ng', isActive: false })]);
    renderInAdmin(<AdminUsersTab />);
    const table = await screen.findByRole('table', { name: 'Admin users' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => [within(row).getByRole('rowheader').textContent, ...within(row).getAllByRole('cell').map((cell) => cell.textContent)])).toEqual([
      ['Bo Diaz', 'bo@example.com', expect.stringContaining('2026'), 'Active', 'EditDelete'],
      ['Cy Ng', 'cy@example.com', expect.stringContaining('2026'), 'Inactive', 'EditDelete'],
    ]);
  });

  it('names every missing or malformed field with its §5 message and sends nothing', async () => {
    const fetchMock = adminUserApi([]);
    renderInAdmin(<AdminUsersTab />);
    fireEvent.click(await screen.findByRole('button', { name: AdminMessages.addAdminUser }));
    await screen.findByRole('dialog', { name: AdminMessages.addAdminUser });
    expect(field(/^Active/).checked).toBe(true);
    type(/^Email/, 'not-an-address');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Create Admin User' }));
    for (const message of ['Must be a valid email address', 'First name is required', 'Last name is required']) expect(within(dialog()).getByText(message)).toBeTruthy();
    expect(writes(fetchMock)).toEqual([]);
  });

  it('creates an admin user with a lowercased email, says so and lists them', async () => {
    const fetchMock = adminUserApi([]);
    renderInAdmin(<AdminUsersTab />);
    fireEvent.click(await screen.findByRole('button', { name: AdminMessages.addAdminUser }));
    await screen.findByRole('dialog', { name: AdminMessages.addAdminUser });
    type(/^Email/, 'Dee@Example.com');
    type(/^First Name/, 'Dee');
    type(/^Last Name/, 'Oak');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Create Admin User' }));
    expect(await screen.findByText(AdminMessages.adminUserCreated)).toBeTruthy();
    expect(await screen.findByRole('rowheader', { name: 'Dee Oak' })).toBeTruthy();
    expect(writes(fetchMock)).toEqual([{ request: 'POST /api/admin/admin-users', body: { email: 'dee@example.com', firstName: 'Dee', lastName: 'Oak', isActive: true } }]);
  });

  it('edits a chosen admin user in place of creating one, and Cancel leaves the next Add empty', async () => {
    const fetchMock = adminUserApi([anAdminUser()]);
    renderInAdmin(<AdminUsersTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit bo@example.com' }));
    const editing = await screen.findByRole('dialog', { name: 'Edit Admin User' });
    expect(field(/^Email/).value).toBe('bo@example.com');
    fireEvent.click(within(editing).getByLabelText('Active'));
    fireEvent.click(within(editing).getByRole('button', { name: 'Update Admin User' }));
    expect(await screen.findByText(AdminMessages.adminUserUpdated)).toBeTruthy();
    expect(writes(fetchMock)).toEqual([{ request: 'PUT /api/admin/admin-users/4', body: { email: 'bo@example.com', firstName: 'Bo', lastName: 'Diaz', isActive: false } }]);

    fireEvent.click(screen.getByRole('button', { name: 'Edit bo@example.com' }));
    await screen.findByRole('dialog', { name: 'Edit Admin User' });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: AdminMessages.addAdminUser }));
    await screen.findByRole('dialog', { name: AdminMessages.addAdminUser });
    expect(field(/^Email/).value).toBe('');
  });

  it("asks before removing access, and shows the server's refusal as an 'Error' toast", async () => {
    adminUserApi([anAdminUser({ email: 'ann@example.com', firstName: 'Ann' })], json(409, { message: AdminMessages.cannotDeactivateSelf }));
    renderInAdmin(<AdminUsersTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete ann@example.com' }));
    expect(screen.getByText('Remove admin access for ann@example.com?')).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText(AdminMessages.error)).toBeTruthy();
    expect(within(toast).getByText(AdminMessages.cannotDeactivateSelf)).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: 'Ann Diaz' })).toBeTruthy();
  });
});
