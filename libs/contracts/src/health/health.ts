export const SERVICE_NAMES = ['identity', 'journal', 'foods', 'insights', 'notifications'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export interface HealthReport {
  status: 'ok' | 'degraded';
  services: Record<ServiceName, 'up' | 'down'>;
}

/** What one service answers on `Rpc.health(name)`. */
export interface ServiceHealth {
  service: string;
  status: 'up' | 'down';
  postgres: 'up' | 'down';
}
