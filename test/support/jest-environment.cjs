/**
 * Jest's node environment, less the pitfalls of its sandbox for these tests.
 *
 * Jest runs each test file (and the service code it loads) in a vm context of its own: object and
 * array literals there get that context's prototypes, while what Node itself makes comes from the
 * outer realm. node:assert's deepStrictEqual compares prototypes, so two equal values from the two
 * realms differ "with no visual difference". Two of Node's globals make such values here:
 *  - structuredClone (domain code clones defaults and settings with it);
 *  - fetch, whose Response#json() parses in the outer realm (the calendar adapters read Google and
 *    Microsoft with it).
 * Both are wrapped so that what they answer is rebuilt from this context's own literals (plain
 * objects, arrays, Dates, Maps, Sets; everything else as Node made it).
 */
'use strict';
const vm = require('node:vm');
const { TestEnvironment } = require('jest-environment-node');

// Evaluated inside the test file's context: the literals below get that context's prototypes.
const installInContext = `(function (outerClone, outerFetch) {
  function local(value, seen) {
    if (value === null || typeof value !== 'object') return value;
    if (seen.has(value)) return seen.get(value);
    const tag = Object.prototype.toString.call(value);
    let copy;
    if (Array.isArray(value)) {
      copy = [];
      seen.set(value, copy);
      for (let i = 0; i < value.length; i++) copy[i] = local(value[i], seen);
      return copy;
    }
    if (tag === '[object Date]') return new Date(value.getTime());
    if (tag === '[object Map]') {
      copy = new Map();
      seen.set(value, copy);
      for (const [k, v] of value) copy.set(local(k, seen), local(v, seen));
      return copy;
    }
    if (tag === '[object Set]') {
      copy = new Set();
      seen.set(value, copy);
      for (const v of value) copy.add(local(v, seen));
      return copy;
    }
    const proto = Object.getPrototypeOf(value);
    if (tag === '[object Object]' && (proto === null || (proto.constructor && proto.constructor.name === 'Object' && Object.getPrototypeOf(proto) === null))) {
      copy = proto === null ? Object.create(null) : {};
      seen.set(value, copy);
      for (const k of Object.keys(value)) copy[k] = local(value[k], seen);
      return copy;
    }
    return value;
  }
  if (outerClone) {
    globalThis.structuredClone = function structuredClone(value, options) {
      return local(outerClone(value, options), new Map());
    };
  }
  if (outerFetch) {
    globalThis.fetch = async function fetch(input, init) {
      const res = await outerFetch(input, init);
      const json = res.json;
      Object.defineProperty(res, 'json', { configurable: true, writable: true, value: async () => local(await json.call(res), new Map()) });
      return res;
    };
  }
})`;

class NotetakerTestEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const install = vm.runInContext(installInContext, this.getVmContext());
    install(this.global.structuredClone, this.global.fetch);
  }
}

module.exports = NotetakerTestEnvironment;
