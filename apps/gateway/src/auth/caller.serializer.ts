import { Injectable } from '@nestjs/common';
import { PassportSerializer } from '@nestjs/passport';
import { Caller } from '@fodmap/contracts';

type Done<T> = (error: Error | null, value?: T) => void;

/** The session holds only the caller (user id and time zone): no account data that could go stale or leak. */
@Injectable()
export class CallerSerializer extends PassportSerializer {
  serializeUser(user: Express.User, done: Done<Caller>): void {
    done(null, user.caller);
  }

  deserializeUser(caller: Caller, done: Done<Express.User>): void {
    done(null, { caller });
  }
}
