import { DEFAULT_HOST, DomainConfig } from '@fodmap/contracts';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { DomainConfigEntity } from './domain-config.entity';
import { normaliseHost } from './host';

@Injectable()
export class DomainConfigService {
  constructor(@InjectRepository(DomainConfigEntity) private readonly configs: Repository<DomainConfigEntity>) {}

  async forHost(host: string | null | undefined): Promise<DomainConfig> {
    const key = normaliseHost(host);
    const rows = await this.configs.findBy({ host: In([key, DEFAULT_HOST]) });
    const row = rows.find((candidate) => candidate.host === key) ?? rows.find((candidate) => candidate.host === DEFAULT_HOST);
    if (!row) throw new Error(`The '${DEFAULT_HOST}' domain config row is missing: the identity migrations seed it`);
    return toDomainConfig(row);
  }
}

function toDomainConfig(row: DomainConfigEntity): DomainConfig {
  return {
    name: row.name,
    displayName: row.displayName,
    description: row.description,
    primaryColor: row.primaryColor,
    secondaryColor: row.secondaryColor,
    accentColor: row.accentColor,
    logoText: row.logoText,
    emailFrom: row.emailFrom,
    supportEmail: row.supportEmail,
    tagline: row.tagline,
    customCss: row.customCss,
  };
}
