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

describe('the per-IP limit key, asked again', () => {
  it('When an address is asked for again, or after more addresses than are remembered, then its key is the same; a long non-address is unknown', () => {
    const first = ['::ffff:198.51.100.7', '2001:db8:5:6::1', '198.51.100.8'].map(clientKey);
    for (let i = 0; i < 12_000; i += 1) clientKey(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
    assert.deepEqual(['::ffff:198.51.100.7', '2001:db8:5:6::1', '198.51.100.8'].map(clientKey), first);
    assert.deepEqual(first, ['198.51.100.7', '2001:db8:5:6::/64', '198.51.100.8']);
    assert.equal(clientKey('10.0.46.223'), '10.0.46.223');
    const long = `x${'1'.repeat(100)}`;
    assert.equal(clientKey(long), `unknown:${long}`);
    assert.equal(clientKey(undefined), 'unknown:');
    assert.equal(clientKey(''), 'unknown:');
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
