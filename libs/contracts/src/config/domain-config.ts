/** Spec §3 Domain config: branding chosen by the request's host. */
export interface DomainConfig {
  name: string;
  displayName: string;
  description: string;
  primaryColor: string;
  secondaryColor: string;
  accentColor: string;
  logoText: string;
  emailFrom: string;
  supportEmail: string;
  tagline: string;
  customCss?: string | null;
}

export const DEFAULT_DOMAIN_CONFIG: DomainConfig = {
  name: 'default',
  displayName: 'FODMAP Journal',
  description: 'Track meals, symptoms and FODMAP triggers to find what works for your gut.',
  primaryColor: '#1976d2',
  secondaryColor: '#26a69a',
  accentColor: '#ff9800',
  logoText: 'FJ',
  emailFrom: 'FODMAP Journal <no-reply@fodmapjournal.app>',
  supportEmail: 'support@fodmapjournal.app',
  tagline: 'Your smart companion for digestive health',
  customCss: null,
};

/** The key of the domain config used for a host without one of its own, and of accounts from before hosts were kept. */
export const DEFAULT_HOST = 'default';
