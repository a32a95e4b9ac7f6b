import { EventTypes, PasswordResetRequestedV1 } from '@fodmap/contracts';
import { NewEvent } from '@fodmap/server';

/** Each reset request is a stream of its own, named by its token's id, so requests never contend for a version. */
export function passwordResetStream(tokenId: string): string {
  return `password-reset-${tokenId}`;
}

export function passwordResetRequested(data: PasswordResetRequestedV1): NewEvent<PasswordResetRequestedV1> {
  return { type: EventTypes.PasswordResetRequested, schemaVersion: 1, data };
}
