import { DomainConfig, Rpc, RpcParsed } from '@fodmap/contracts';
import { Handles } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { DomainConfigService } from './domain-config.service';

@Controller()
export class DomainConfigController {
  constructor(private readonly domainConfigs: DomainConfigService) {}

  @Handles(Rpc.identity.domainConfig)
  get({ host }: RpcParsed<typeof Rpc.identity.domainConfig>): Promise<DomainConfig> {
    return this.domainConfigs.forHost(host ?? null);
  }
}
