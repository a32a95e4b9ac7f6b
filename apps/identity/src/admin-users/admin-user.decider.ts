import { AdminMessages, adminUserInputSchema, domainEvents, IDENTITY, IdentityEvent } from '@fodmap/contracts';
import { Decider, newEvent, NewEvent, rpcFailure } from '@fodmap/server';
import { z } from 'zod';
import { AdminUserEntity } from './admin-user.entity';

export type AdminUserChanges = z.output<typeof adminUserInputSchema>;

/** An entry of the admin users list as its row holds it (stream `admin-user-<id>`); null: no such entry. */
export type AdminUserState = Pick<AdminUserEntity, 'id' | 'email' | 'firstName' | 'lastName' | 'isActive'> | null;

/** `callerEmail`: the acting admin's own address, who may not end their own access by a slip. */
export type AdminUserCommand =
  | { type: 'Add'; adminUserId: number; entry: AdminUserChanges }
  | { type: 'Change'; entry: AdminUserChanges; callerEmail: string }
  | { type: 'Remove'; callerEmail: string };

export const adminUserStream = (adminUserId: number) => `admin-user-${adminUserId}`;

type AdminUserEvent = Extract<IdentityEvent, { type: 'AdminUserChanged' | 'AdminUserRemoved' }>;

function decide(command: AdminUserCommand, state: AdminUserState): Array<NewEvent<AdminUserEvent>> {
  const events = domainEvents[IDENTITY];
  if (command.type === 'Add') {
    if (state !== null) throw new Error(`${adminUserStream(command.adminUserId)} was added already`);
    return [newEvent(events, 'AdminUserChanged', { adminUserId: command.adminUserId, ...command.entry })];
  }
  if (state === null) throw rpcFailure(404, AdminMessages.adminUserNotFound);
  const own = command.callerEmail === state.email;
  if (command.type === 'Remove') {
    if (own) throw rpcFailure(409, AdminMessages.cannotDeactivateSelf);
    return [newEvent(events, 'AdminUserRemoved', { adminUserId: state.id })];
  }
  // Turning one's own entry off, or moving it to another address, ends one's own access just the same.
  const losesAccess = !command.entry.isActive || command.entry.email !== state.email;
  if (own && losesAccess) throw rpcFailure(409, AdminMessages.cannotDeactivateSelf);
  return [newEvent(events, 'AdminUserChanged', { adminUserId: state.id, ...command.entry })];
}

function evolve(state: AdminUserState, event: IdentityEvent): AdminUserState {
  switch (event.type) {
    case 'AdminUserChanged': {
      const { adminUserId, email, firstName, lastName, isActive } = event.data;
      return { id: adminUserId, email, firstName, lastName, isActive };
    }
    case 'AdminUserRemoved':
      return null;
    default:
      return state;
  }
}

/** State-stored: its state is the entry's row, read before deciding (`CommandHandler.handleStateStored`). */
export const adminUserDecider: Decider<AdminUserState, AdminUserCommand, IdentityEvent> = { initialState: () => null, decide, evolve };
