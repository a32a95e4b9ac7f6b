import { Request } from 'express';
import { describe, expect, it } from '@jest/globals';
import { clientAddress } from './client-address';

const from = (ip: string) => ({ ip, socket: {} }) as unknown as Request;

describe('clientAddress', () => {
  it('keeps an IPv4 address and unwraps an IPv4-mapped one', () => {
    expect(clientAddress(from('203.0.113.7'))).toBe('203.0.113.7');
    expect(clientAddress(from('::ffff:203.0.113.7'))).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 as the same client', () => {
    expect(clientAddress(from('2001:db8:1:2:aaaa::1'))).toBe('2001:db8:1:2::/64');
    expect(clientAddress(from('2001:db8:1:2:bbbb:cccc:dddd:eeee'))).toBe('2001:db8:1:2::/64');
    expect(clientAddress(from('2001:db8::1'))).toBe('2001:db8:0:0::/64');
  });
});
