import { AdminMessages } from '@fodmap/contracts';
import { describe, it } from '@jest/globals';
import { deciderSpecification } from '@fodmap/testing';
import { adminUserDecider } from './admin-user.decider';

const entry = { email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', isActive: true };
const added = { type: 'AdminUserChanged' as const, data: { adminUserId: 5, ...entry } };
const adminUser = deciderSpecification(adminUserDecider);

describe('an admin users entry decides', () => {
  it('is added as given, and changed to what the form says', () => {
    adminUser.given([]).when({ type: 'Add', adminUserId: 5, entry }).then([{ ...added, schemaVersion: 1 }]);
    adminUser
      .given([added])
      .when({ type: 'Change', entry: { ...entry, isActive: false }, callerEmail: 'bob@example.com' })
      .then([{ type: 'AdminUserChanged', schemaVersion: 1, data: { adminUserId: 5, ...entry, isActive: false } }]);
  });

  it("refuses an admin's deactivating, moving or removing their own entry, but lets them rename it", () => {
    const own = { callerEmail: 'ann@example.com' };
    const selfRefused = { status: 409, message: AdminMessages.cannotDeactivateSelf };

    adminUser.given([added]).when({ type: 'Change', entry: { ...entry, isActive: false }, ...own }).thenFails(selfRefused);
    adminUser.given([added]).when({ type: 'Change', entry: { ...entry, email: 'ann@elsewhere.example' }, ...own }).thenFails(selfRefused);
    adminUser.given([added]).when({ type: 'Remove', ...own }).thenFails(selfRefused);
    adminUser.given([added]).when({ type: 'Change', entry: { ...entry, firstName: 'Anne' }, ...own }).then([{ type: 'AdminUserChanged', schemaVersion: 1, data: { adminUserId: 5, ...entry, firstName: 'Anne' } }]);
  });

  it('answers 404 for an entry that is not (or no longer) on the list', () => {
    const notFound = { status: 404, message: AdminMessages.adminUserNotFound };

    adminUser.given([]).when({ type: 'Remove', callerEmail: 'bob@example.com' }).thenFails(notFound);
    adminUser.given([added, { type: 'AdminUserRemoved', data: { adminUserId: 5 } }]).when({ type: 'Change', entry, callerEmail: 'bob@example.com' }).thenFails(notFound);
  });
});
