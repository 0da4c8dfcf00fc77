import assert from 'node:assert/strict';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { describe, it } from '@jest/globals';
import { renderEnvelope } from '../../activities/webhooks';
import { urlProblem } from '../../domain/webhooks/url';
import { addressProblem, isPublicAddress } from '../../domain/webhooks/addresses';
import { MAX_ATTEMPTS, RETRY_DELAYS_SECONDS, TOTAL_SPAN_SECONDS } from '../../domain/webhooks/schedule';
import { signatureHeaders } from '../../domain/webhooks/signature';
import { verifyLikeTheSpec } from '../support/webhooks';

/** A widely used verifier of the same `t=…,v1=…` scheme (Stripe's construction): constant-time compare of any v1. */
function stripeStyleVerify(
  payload: string,
  header: string,
  secret: string,
  toleranceSeconds: number,
  now: number,
): boolean {
  const pairs = header.split(',').map((kv) => kv.split('=') as [string, string]);
  const timestamp = Number(pairs.find(([k]) => k === 't')?.[1]);
  const signatures = pairs.filter(([k]) => k === 'v1').map(([, v]) => v);
  const expected = Buffer.from(createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex'));
  const match = signatures.some((s) => s.length === expected.length && timingSafeEqual(Buffer.from(s), expected));
  return match && now - timestamp <= toleranceSeconds;
}

describe('webhook signatures', () => {
  const secret = 'whsec_test_secret_value';
  const body = JSON.stringify({ id: 'evt_1', type: 'meeting.updated', data: { object: { id: 'mtg_1' } } });

  it('When a delivery is signed, then a receiver following the spec literally and a Stripe-style verifier accept it, and a changed body fails', () => {
    const now = 1_800_000_000;
    const h = signatureHeaders([secret], body, now);
    const headers = {
      'x-service-signature': h['X-Service-Signature'],
      'x-webhook-signature': h['X-Webhook-Signature'],
    };
    assert.match(h['X-Service-Signature'], /^t=1800000000,v1=[0-9a-f]{64}$/);
    assert.ok(verifyLikeTheSpec(secret, headers, body, now + 10));
    assert.ok(stripeStyleVerify(body, h['X-Service-Signature'], secret, 300, now + 10));
    assert.ok(!verifyLikeTheSpec(secret, headers, body + ' ', now));
    assert.ok(!verifyLikeTheSpec(secret, headers, body, now + 301), 'older than five minutes');
    assert.equal(h['X-Webhook-Signature'], `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`);
    assert.notEqual(
      createHmac('sha256', secret.slice('whsec_'.length)).update(body).digest('hex'),
      h['X-Webhook-Signature'].slice(7),
      'keyed with the whole secret, prefix included',
    );
  });

  it('When a secret was rotated, then both secrets sign X-Service-Signature and either verifies', () => {
    const h = signatureHeaders(['whsec_new', 'whsec_old'], body, 100);
    assert.equal(h['X-Service-Signature'].split(',').filter((p) => p.startsWith('v1=')).length, 2);
    assert.ok(verifyLikeTheSpec('whsec_old', { 'x-service-signature': h['X-Service-Signature'] }, body, 100));
    assert.ok(verifyLikeTheSpec('whsec_new', { 'x-service-signature': h['X-Service-Signature'] }, body, 100));
  });

  it('When a secret was rotated, then X-Webhook-Signature keeps the single sha256= form, signed with the newest secret', () => {
    const h = signatureHeaders(['whsec_new', 'whsec_old'], body, 100);
    assert.equal(h['X-Webhook-Signature'], `sha256=${createHmac('sha256', 'whsec_new').update(body).digest('hex')}`);
  });
});

describe('delivery schedule', () => {
  it('When every attempt fails, then there are 21 attempts over about 14 hours, none more than an hour apart', () => {
    assert.equal(MAX_ATTEMPTS, 21);
    assert.equal(RETRY_DELAYS_SECONDS.length, 20);
    assert.ok(RETRY_DELAYS_SECONDS.every((d) => d > 0 && d <= 3600));
    assert.ok(TOTAL_SPAN_SECONDS > 13.5 * 3600 && TOTAL_SPAN_SECONDS < 14.5 * 3600, String(TOTAL_SPAN_SECONDS));
    assert.deepEqual(
      [...RETRY_DELAYS_SECONDS].sort((a, b) => a - b),
      RETRY_DELAYS_SECONDS,
      'back-off never shrinks',
    );
  });
});

describe('public addresses only', () => {
  it('When an address is loopback, private, link-local, CGNAT, multicast or unspecified (v4 or v6), then it is refused', () => {
    const refused = [
      '127.0.0.1',
      '127.8.9.1',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.254',
      '224.0.0.1',
      '239.255.255.250',
      '255.255.255.255',
      '0.0.0.0',
      '::',
      '::1',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '64:ff9b::a00:1',
      '2001:db8::1',
      'not-an-ip',
    ];
    for (const a of refused) assert.equal(isPublicAddress(a), false, a);
    for (const a of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      assert.equal(isPublicAddress(a), true, a);
  });

  it('When an address embeds a non-public IPv4 or sits in a special-purpose IPv6 block, then it is refused and the rule is named', () => {
    const cases: [string, RegExp][] = [
      ['2002:a00:1::', /6to4 address embedding an IPv4 address in the private block 10\.0\.0\.0\/8/],
      ['2002:7f00:1::1', /6to4 .*loopback/],
      ['2002:c0a8:101::', /6to4 .*192\.168/],
      ['2001::1', /Teredo/],
      ['2001:0:4136:e378:8000:63bf:3fff:fdd2', /Teredo/],
      ['100::1', /discard/],
      ['64:ff9b::a00:1', /NAT64 address embedding .*private/],
      ['64:ff9b::7f00:1', /NAT64 .*loopback/],
      ['64:ff9b:1::808:808', /local-use NAT64/],
      ['::ffff:a00:1', /IPv4-mapped .*private/],
      ['::ffff:192.0.2.1', /IPv4-mapped .*TEST-NET-1/],
      ['::10.0.0.1', /IPv4-compatible/],
      ['192.0.2.10', /TEST-NET-1/],
      ['198.51.100.7', /TEST-NET-2/],
      ['203.0.113.200', /TEST-NET-3/],
      ['198.18.0.1', /benchmarking/],
      ['198.19.255.255', /benchmarking/],
      ['224.0.0.251', /multicast/],
      ['ff0e::1', /multicast/],
      ['240.0.0.1', /reserved/],
      ['2001:10::1', /ORCHID/],
      ['2001:20::1', /ORCHIDv2/],
      ['3fff::1', /documentation/],
      ['5f00::1', /SRv6/],
      ['fe80::1%eth0', /zone index/],
    ];
    for (const [address, rule] of cases) {
      const problem = addressProblem(address);
      assert.match(problem ?? 'public', rule, address);
      assert.ok(!problem!.includes(address), `the rule text does not repeat the address: ${problem}`);
    }
    for (const a of ['2002:808:808::', '64:ff9b::808:808', '2001:4860:4860::8888', '2a00:1450:4001:80b::200e'])
      assert.equal(addressProblem(a), null, a);
  });

  it('When an endpoint URL is checked, then only public https passes, and loopback http(s) only with the development setting', () => {
    assert.equal(urlProblem('https://hooks.example.com/x', false), null);
    assert.match(urlProblem('http://hooks.example.com/x', false)!, /https/);
    assert.match(urlProblem('https://127.0.0.1/x', false)!, /public/);
    assert.match(urlProblem('https://[::1]/x', false)!, /public/);
    assert.match(urlProblem('https://localhost/x', false)!, /public/);
    assert.match(urlProblem('https://10.1.2.3/x', false)!, /public/);
    assert.match(urlProblem('https://user:pw@hooks.example.com/x', false)!, /credentials/);
    assert.equal(urlProblem('http://127.0.0.1:8080/x', true), null);
    assert.equal(urlProblem('http://localhost:8080/x', true), null);
    assert.match(urlProblem('http://10.1.2.3/x', true)!, /https|public/, 'the setting opens loopback only');
  });

  it('When an endpoint URL hides a non-public host (odd IPv4 forms, embedded IPv4, trailing dot, local names), then it is refused with the rule', () => {
    assert.match(urlProblem('https://0x7f.1/x', false)!, /loopback/);
    assert.match(urlProblem('https://2130706433/x', false)!, /loopback/);
    assert.match(urlProblem('https://[::ffff:127.0.0.1]/x', false)!, /IPv4-mapped .*loopback/);
    assert.match(urlProblem('https://[2002:a00:1::]/hook', false)!, /6to4/);
    assert.match(urlProblem('https://[64:ff9b::a9fe:a9fe]/hook', false)!, /NAT64 .*link-local/);
    assert.match(urlProblem('https://hooks.example.com./x', false)!, /trailing dot|ends with a dot/);
    assert.match(urlProblem('https://intranet/x', false)!, /single-label/);
    assert.match(urlProblem('https://hooks.corp.internal/x', false)!, /\.internal/);
    assert.match(urlProblem('https://printer.local/x', false)!, /\.local/);
    assert.match(urlProblem('https://a.localhost/x', false)!, /public/);
    assert.equal(urlProblem('https://[2606:4700:4700::1111]/x', false), null);
  });
});

describe('event bodies', () => {
  it('When an event is rendered for an endpoint, then it has the envelope and the object at the endpoint’s pinned version', () => {
    const e = {
      id: 'evt_1',
      type: 'meeting.updated',
      createdAt: new Date('2026-11-22T10:00:00.000Z'),
      payload: { id: 'mtg_1', object: 'meeting' },
    };
    assert.deepEqual(JSON.parse(renderEnvelope(e, '2026-10-12')), {
      id: 'evt_1',
      type: 'meeting.updated',
      created_at: '2026-11-22T10:00:00.000Z',
      data: { object: { id: 'mtg_1', object: 'meeting' } },
    });
  });
});
