import { ForbiddenException, HttpException, HttpStatus, UnauthorizedException } from '@nestjs/common';
import { Messages, Rpc } from '@fodmap/contracts';
import { RequestHandler } from 'express';
import { sendError } from '../http/json-exception.filter';
import { ServiceClient } from '../services/service-client';

/**
 * The admin area (the /admin/ SPA and /api/admin/*) is refused by the server: 401 to a visitor, 403 to a signed-in
 * non-admin. Whether someone is an admin is asked of identity on each request rather than kept in the session, so
 * a revoked admin loses access at once.
 */
export function adminOnly(services: ServiceClient): RequestHandler {
  return (req, res, next) => {
    const caller = req.user?.caller;
    if (!caller) return sendError(res, new UnauthorizedException({ message: Messages.unauthorized }));
    services.send(Rpc.identity.get, { caller }, req.correlationId).then(
      (account) => (account.isAdmin ? next() : sendError(res, new ForbiddenException({ message: Messages.adminOnly }))),
      // An account that no longer exists is no one: a visitor, not a missing page.
      (error: unknown) =>
        sendError(res, error instanceof HttpException && error.getStatus() === HttpStatus.NOT_FOUND ? new UnauthorizedException({ message: Messages.unauthorized }) : error),
    );
  };
}
