/**
 * Loaded into every test file (jest's `setupFiles`) and, with `NODE_OPTIONS=--require`, into a
 * service under test that is fed generated data (the fuzz test): every TCP connection and DNS
 * lookup to anything but loopback is refused, so a webhook URL or link a test or the fuzzer invents
 * never becomes traffic to another machine. Unix sockets are left alone.
 * Each refused host is reported once on stderr. Node's own `net` and `dns` are shared by the test
 * files a jest worker runs one after another: they are patched once per process.
 */
'use strict';
const net = require('node:net');
const dns = require('node:dns');

const installed = Symbol.for('notetaker.loopback-only');
if (!net.Socket.prototype[installed]) install();

function install() {
  net.Socket.prototype[installed] = true;
  const refused = new Set();
  function isLoopback(host) {
    const h = String(host || 'localhost')
      .replace(/^\[|\]$/g, '')
      .toLowerCase();
    return (
      h === 'localhost' || h.endsWith('.localhost') || h === '::1' || h.startsWith('127.') || h === '::ffff:127.0.0.1'
    );
  }
  function report(host) {
    if (refused.has(host)) return;
    refused.add(host);
    process.stderr.write(`[loopback-only] refused a connection to ${host}\n`);
  }
  function refusal(host) {
    return Object.assign(new Error(`loopback-only: no connection to ${host} from this test`), { code: 'ECONNREFUSED' });
  }

  const connect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function (...args) {
    const first = Array.isArray(args[0]) ? args[0][0] : args[0];
    const options =
      first !== null && typeof first === 'object'
        ? first
        : { port: first, host: typeof args[1] === 'string' ? args[1] : undefined };
    // A name resolved by the caller's own lookup (webhook delivery checks the addresses it resolves
    // to): the lookup runs, and an address it answers that is not loopback is refused.
    if (options.path == null && typeof options.lookup === 'function' && net.isIP(String(options.host)) === 0) {
      const host = options.host;
      const checked = Object.assign({}, options, { lookup: loopbackLookup(host, options.lookup) });
      if (Array.isArray(args[0])) args[0] = Object.assign([], args[0], { 0: checked });
      else args[0] = checked;
      return connect.apply(this, args);
    }
    if (options.path == null && !isLoopback(options.host)) {
      report(options.host);
      process.nextTick(() => this.destroy(refusal(options.host)));
      return this;
    }
    return connect.apply(this, args);
  };

  function loopbackLookup(host, lookup) {
    return function (hostname, opts, callback) {
      const cb = typeof opts === 'function' ? opts : callback;
      const done = (err, address, family) => {
        if (err) return cb(err, address, family);
        const addresses = Array.isArray(address) ? address.map((a) => a.address) : [address];
        const outside = addresses.find((a) => !isLoopback(a));
        if (outside === undefined) return cb(err, address, family);
        report(host);
        cb(Object.assign(refusal(host), { code: 'ENOTFOUND' }));
      };
      return typeof opts === 'function' ? lookup.call(this, hostname, done) : lookup.call(this, hostname, opts, done);
    };
  }

  const lookup = dns.lookup;
  dns.lookup = function (hostname, options, callback) {
    const cb = typeof options === 'function' ? options : callback;
    if (!isLoopback(hostname) && net.isIP(hostname) === 0) {
      report(hostname);
      process.nextTick(() => cb(Object.assign(refusal(hostname), { code: 'ENOTFOUND' })));
      return {};
    }
    return lookup.apply(this, arguments);
  };
  const promisesLookup = dns.promises.lookup;
  dns.promises.lookup = async function (hostname, ...rest) {
    if (!isLoopback(hostname) && net.isIP(hostname) === 0) {
      report(hostname);
      throw Object.assign(refusal(hostname), { code: 'ENOTFOUND' });
    }
    return promisesLookup.call(this, hostname, ...rest);
  };
}
