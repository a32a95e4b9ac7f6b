import { loadConfig } from './config';

/**
 * Every NATS subject goes through here so that one prefix (NATS_PREFIX) separates runs sharing a NATS server.
 * Used at decoration time by @MessagePattern, so the prefix is read when the module loads.
 */
export function subject(name: string): string {
  return `${loadConfig().natsPrefix}.${name}`;
}
