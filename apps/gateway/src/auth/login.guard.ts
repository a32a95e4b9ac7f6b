import { ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { authRoutes } from '@fodmap/contracts';
import { Request } from 'express';
import { ZodBody } from '../http/zod-body.pipe';
import { UserSessions } from './user-sessions';

/**
 * Signs a person in with passport's local strategy. The body is validated first, so a missing field is the spec's
 * 400 message rather than passport's bare 401, and the strategy reads the normalised (lowercased) email.
 */
@Injectable()
export class LoginGuard extends AuthGuard('local') {
  constructor(private readonly sessions: UserSessions) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    req.body = new ZodBody(authRoutes.login.body).transform(req.body);
    await super.canActivate(context);
    if (req.user) await this.sessions.signIn(req, req.user);
    return true;
  }
}
