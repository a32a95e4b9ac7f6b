import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadGatewayConfig } from './config';

describe('loadGatewayConfig', () => {
  it('refuses to start in production without SESSION_SECRET, in one line naming the variable', () => {
    expect(() => loadGatewayConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadGatewayConfig({ NODE_ENV: 'production' })).toThrow(/^SESSION_SECRET must be set when NODE_ENV=production[^\n]*$/);
  });

  it('uses the development secret only outside production', () => {
    expect(loadGatewayConfig({}).sessionSecret).toBeTruthy();
    expect(loadGatewayConfig({ NODE_ENV: 'production', SESSION_SECRET: 's3cret' }).sessionSecret).toBe('s3cret');
  });

  it('allows the public origin plus ALLOWED_ORIGINS, and trusts no proxy unless told', () => {
    const config = loadGatewayConfig({ PUBLIC_URL: 'https://journal.example/app', ALLOWED_ORIGINS: 'https://brand.example, https://journal.example' });
    expect(config.allowedOrigins).toEqual(['https://journal.example', 'https://brand.example']);
    expect(config.trustedProxies).toEqual([]);
    expect(loadGatewayConfig({ TRUSTED_PROXIES: '10.0.0.0/8,loopback' }).trustedProxies).toEqual(['10.0.0.0/8', 'loopback']);
  });

  it('keeps journal reads 10 minutes unless told, 0 turning the cache off, and refuses anything else', () => {
    expect(loadGatewayConfig({}).journalReadCacheSeconds).toBe(600);
    expect(loadGatewayConfig({ JOURNAL_READ_CACHE_SECONDS: '0' }).journalReadCacheSeconds).toBe(0);
    expect(() => loadGatewayConfig({ JOURNAL_READ_CACHE_SECONDS: 'ten' })).toThrow(/^JOURNAL_READ_CACHE_SECONDS must be a whole number/);
    expect(() => loadGatewayConfig({ JOURNAL_READ_CACHE_SECONDS: '-1' })).toThrow(ConfigError);
  });
});
