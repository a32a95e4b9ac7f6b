import { loadConfig } from './config';

/**
 * Every NATS subject goes through here so that one prefix (NATS_PREFIX) separates runs sharing a NATS server.
 * Used at decoration time by @MessagePattern, so the prefix is read when the module loads; a requester passes the prefix
 * of the configuration it was made with, so that a request does not read the environment again.
 */
export function subject(name: string, natsPrefix = loadConfig().natsPrefix): string {
  return `${natsPrefix}.${name}`;
}
