import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Rpc, User } from '@fodmap/contracts';
import { Request } from 'express';
import { Strategy } from 'passport-local';
import { clientAddress } from '../http/client-address';
import { ServiceClient } from '../services/service-client';
import { KnownDevices } from './known-device';
import { LoginAttempt, LoginAttempts } from './login-attempts';
import { signedInUser } from './session';

/** Email and password sign-in: the attempt is counted first, then identity checks the password. */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy) {
  constructor(
    private readonly services: ServiceClient,
    private readonly attempts: LoginAttempts,
    @Inject(KnownDevices) private readonly devices: KnownDevices,
  ) {
    super({ usernameField: 'email', passwordField: 'password', passReqToCallback: true });
  }

  async validate(req: Request, email: string, password: string): Promise<Express.User> {
    const attempt: LoginAttempt = { email, address: clientAddress(req), device: this.devices.recognise(req, email) };
    await this.attempts.reserve(attempt);
    let account: User;
    try {
      account = await this.services.send(Rpc.identity.login, { input: { email, password } }, req.correlationId);
    } catch (error) {
      const wrongPassword = error instanceof HttpException && error.getStatus() === HttpStatus.UNAUTHORIZED;
      if (!wrongPassword) await this.attempts.abandoned(attempt);
      throw error;
    }
    await this.attempts.succeeded(attempt);
    const res = req.res;
    if (res) this.devices.remember(req, res, email);
    return signedInUser(account);
  }
}
