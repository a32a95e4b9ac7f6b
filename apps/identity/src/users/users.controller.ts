import { IdentityRequests, Rpc, User } from '@fodmap/contracts';
import { callerUserId, subject } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { UsersService } from './users.service';

// Payloads are typed as the gateway sends them but may be anything on the wire; the service validates every field.
type Incoming<Name extends keyof IdentityRequests> = Partial<IdentityRequests[Name]> | null;

@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @MessagePattern(subject(Rpc.identity.register))
  register(@Payload() payload: Incoming<'register'>): Promise<User> {
    return this.users.register(payload?.input);
  }

  @MessagePattern(subject(Rpc.identity.login))
  login(@Payload() payload: Incoming<'login'>): Promise<User> {
    return this.users.login(payload?.input);
  }

  @MessagePattern(subject(Rpc.identity.get))
  get(@Payload() payload: Incoming<'get'>): Promise<User> {
    return this.users.get(payload?.userId);
  }

  @MessagePattern(subject(Rpc.identity.updateNotifications))
  updateNotifications(@Payload() payload: Incoming<'updateNotifications'>): Promise<User> {
    return this.users.updateNotifications(callerUserId(payload?.caller), payload?.input);
  }

  @MessagePattern(subject(Rpc.identity.setPhoto))
  setPhoto(@Payload() payload: Incoming<'setPhoto'>): Promise<User> {
    return this.users.setPhoto(callerUserId(payload?.caller), payload?.profileImageUrl);
  }
}
