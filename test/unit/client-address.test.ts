import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { clientKey, parseTrustProxy } from '../../domain/client-address';
import { ConfigError, loadConfig } from '../../runtime/config';

describe('the per-IP limit key', () => {
  it('When a client is IPv6, then it counts by its /64; IPv4 and IPv4-mapped forms count as the IPv4 address', () => {
    assert.equal(clientKey('2001:db8:1:2:aaaa::1'), '2001:db8:1:2::/64');
    assert.equal(clientKey('2001:db8:1:2:ffff:ffff:ffff:ffff'), clientKey('2001:db8:1:2::9'));
    assert.notEqual(clientKey('2001:db8:1:3::1'), clientKey('2001:db8:1:2::1'));
    assert.equal(clientKey('203.0.113.9'), '203.0.113.9');
    assert.equal(clientKey('::ffff:203.0.113.9'), '203.0.113.9');
  });
});

describe('TRUST_PROXY', () => {
  it('When it is a hop count or a list of proxies, then it is taken; true is refused with the accepted forms', () => {
    assert.equal(parseTrustProxy(undefined), false);
    assert.equal(parseTrustProxy('false'), false);
    assert.equal(parseTrustProxy('2'), 2);
    assert.deepEqual(parseTrustProxy('10.0.0.0/8, ::1,loopback'), ['10.0.0.0/8', '::1', 'loopback']);
    assert.throws(() => parseTrustProxy('true'), /number of proxies/);
    assert.throws(() => parseTrustProxy('10.0.0.0/33'), /not an address/);
    assert.throws(
      () => loadConfig({ TRUST_PROXY: 'true' }),
      (err: Error) => err instanceof ConfigError && /TRUST_PROXY/.test(err.message),
    );
    assert.equal(loadConfig({}).trustProxy, false);
    assert.equal(loadConfig({ TRUST_PROXY: '1' }).trustProxy, 1);
  });
});
