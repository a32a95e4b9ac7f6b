import { DomainConfig, IdentityRequests, Rpc } from '@fodmap/contracts';
import { subject } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DomainConfigService } from './domain-config.service';

@Controller()
export class DomainConfigController {
  constructor(private readonly domainConfigs: DomainConfigService) {}

  @MessagePattern(subject(Rpc.identity.domainConfig))
  get(@Payload() payload: IdentityRequests['domainConfig'] | null): Promise<DomainConfig> {
    return this.domainConfigs.forHost(typeof payload?.host === 'string' ? payload.host : null);
  }
}
