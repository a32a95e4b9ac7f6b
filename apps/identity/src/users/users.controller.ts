import { ErasedAccount, RpcParsed, Rpc, User } from '@fodmap/contracts';
import { Handles } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { UsersService } from './users.service';

@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Handles(Rpc.identity.register)
  register({ input, host, verifyBaseUrl }: RpcParsed<typeof Rpc.identity.register>): Promise<User> {
    return this.users.register(input, host, verifyBaseUrl);
  }

  @Handles(Rpc.identity.login)
  login({ input }: RpcParsed<typeof Rpc.identity.login>): Promise<User> {
    return this.users.login(input);
  }

  @Handles(Rpc.identity.get)
  get({ caller }: RpcParsed<typeof Rpc.identity.get>): Promise<User> {
    return this.users.get(caller.userId);
  }

  @Handles(Rpc.identity.updateNotifications)
  updateNotifications({ caller, input }: RpcParsed<typeof Rpc.identity.updateNotifications>): Promise<User> {
    return this.users.updateNotifications(caller.userId, input);
  }

  @Handles(Rpc.identity.updateProfile)
  updateProfile({ caller, input }: RpcParsed<typeof Rpc.identity.updateProfile>): Promise<User> {
    return this.users.updateProfile(caller.userId, input);
  }

  @Handles(Rpc.identity.setPhoto)
  setPhoto({ caller, profileImageUrl }: RpcParsed<typeof Rpc.identity.setPhoto>): Promise<User> {
    return this.users.setPhoto(caller.userId, profileImageUrl);
  }

  @Handles(Rpc.identity.eraseAccount)
  eraseAccount({ caller, input }: RpcParsed<typeof Rpc.identity.eraseAccount>): Promise<ErasedAccount> {
    return this.users.erase(caller.userId, input.password);
  }
}
