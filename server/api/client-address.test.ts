import { describe, expect, it } from 'vitest';
import { clientAddress, rateKey, trustedHops } from './client-address.ts';

describe('clientAddress', () => {
  it('is the peer without a trusted proxy, whatever X-Forwarded-For says', () => {
    expect(clientAddress('203.0.113.9', '198.51.100.7', 0)).toBe('198.51.100.7');
  });

  it('behind one proxy: the address that proxy appended, not the client-chosen first entry', () => {
    // the client sends "X-Forwarded-For: 1.2.3.4"; our proxy appends the address it saw
    expect(clientAddress('1.2.3.4, 203.0.113.9', '10.0.0.2', 1)).toBe('203.0.113.9');
    for (const forged of ['9.9.9.1', '9.9.9.2', '9.9.9.3']) expect(clientAddress(`${forged}, 203.0.113.9`, '10.0.0.2', 1)).toBe('203.0.113.9');
  });

  it('behind two proxies: the entry the outer proxy appended', () => {
    expect(clientAddress('1.2.3.4, 203.0.113.9, 10.0.0.1', '10.0.0.2', 2)).toBe('203.0.113.9');
  });

  it('falls back to the leftmost address it has when the header is shorter than the trusted hops', () => {
    expect(clientAddress(undefined, '203.0.113.9', 1)).toBe('203.0.113.9');
    expect(clientAddress('', '203.0.113.9', 2)).toBe('203.0.113.9');
  });

  it('reads TRUST_PROXY as a small hop count', () => {
    expect([undefined, '', '0', 'yes', '-1', '1.5', '99'].map(trustedHops)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(['1', '2'].map(trustedHops)).toEqual([1, 2]);
  });
});

describe('rateKey', () => {
  it('keeps IPv4 addresses, mapped ones too', () => {
    expect(rateKey('203.0.113.9')).toBe('203.0.113.9');
    expect(rateKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('counts every IPv6 address of one /64 as one', () => {
    const keys = ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:0db8:0001:0002:abcd::9', '2001:DB8:1:2::'].map(rateKey);
    expect(new Set(keys)).toEqual(new Set(['2001:db8:1:2::/64']));
    expect(rateKey('2001:db8:1:3::1')).not.toBe(keys[0]);
    expect(rateKey('::1')).toBe('0:0:0:0::/64');
  });
});
