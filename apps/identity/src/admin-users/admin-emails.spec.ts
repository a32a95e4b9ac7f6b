import { describe, expect, it } from '@jest/globals';
import { AdminEmailsError, adminEmailsFrom } from './admin-emails';

describe('adminEmailsFrom', () => {
  it('reads ADMIN_EMAILS as trimmed, lowercased, distinct addresses, ignoring empty entries', () => {
    expect(adminEmailsFrom({ ADMIN_EMAILS: ' Ops@Example.com, ,second@example.com,ops@example.com,' })).toEqual(['ops@example.com', 'second@example.com']);
  });

  it('is empty when unset', () => {
    expect(adminEmailsFrom({})).toEqual([]);
  });

  it('refuses an entry that is not an address, naming it', () => {
    expect(() => adminEmailsFrom({ ADMIN_EMAILS: 'ops@example.com;boss@example.com' })).toThrow(AdminEmailsError);
    expect(() => adminEmailsFrom({ ADMIN_EMAILS: 'ops@example.com, boss' })).toThrow("'boss' is not one");
  });
});
