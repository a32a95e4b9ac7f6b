import { CanActivate, createParamDecorator, ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { Caller, Messages } from '@fodmap/contracts';
import { Request } from 'express';

/** Lets a request through only when passport found a signed-in caller in its session. */
@Injectable()
export class SignedInGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    if (!request.isAuthenticated()) throw new UnauthorizedException({ message: Messages.unauthorized });
    return true;
  }
}

/** The signed-in person making the request, as services receive it. */
export const CurrentCaller = createParamDecorator((_data: unknown, context: ExecutionContext): Caller => {
  const caller = context.switchToHttp().getRequest<Request>().user?.caller;
  if (!caller) throw new UnauthorizedException({ message: Messages.unauthorized });
  return caller;
});
