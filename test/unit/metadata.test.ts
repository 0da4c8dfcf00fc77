import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { ValidationFailed } from '../../domain/errors';
import { mergeMetadata } from '../../domain/metadata';

const issuesOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    if (err instanceof ValidationFailed) return err.issues;
    throw err;
  }
  assert.fail('expected a validation failure');
};

describe('metadata rules', () => {
  it('When numbers and booleans are sent, then they are stored as their text', () => {
    assert.deepEqual(mergeMetadata({}, { n: 42, f: 1.5, b: true, s: 'x' }), { n: '42', f: '1.5', b: 'true', s: 'x' });
  });

  it('When keys are sent to an existing map, then they merge and an empty string removes its key', () => {
    assert.deepEqual(mergeMetadata({ a: '1', b: '2', c: '3' }, { b: 'two', c: '', d: '4' }), {
      a: '1',
      b: 'two',
      d: '4',
    });
  });

  it('When metadata is the empty string, then every key is removed', () => {
    assert.deepEqual(mergeMetadata({ a: '1' }, ''), {});
  });

  it('When key casing differs, then both keys are kept as sent', () => {
    assert.deepEqual(mergeMetadata({}, { Plan: 'a', plan: 'b' }), { Plan: 'a', plan: 'b' });
  });

  it('When values are nested, arrays or null, then each is refused naming its key', () => {
    const issues = issuesOf(() => mergeMetadata({}, { obj: { x: 1 }, arr: [1], nil: null, ok: 'fine' }));
    assert.deepEqual(
      issues.map((i) => i.field),
      ['metadata.obj', 'metadata.arr', 'metadata.nil'],
    );
    assert.ok(issues.every((i) => i.code === 'invalid_type'));
  });

  it('When a key is over 40 characters or holds square brackets, then it is refused', () => {
    const issues = issuesOf(() => mergeMetadata({}, { ['k'.repeat(41)]: 'v', 'a[b]': 'v', ['k'.repeat(40)]: 'ok' }));
    assert.equal(issues.length, 2);
    assert.equal(issues[0]!.code, 'too_long');
    assert.equal(issues[1]!.field, 'metadata.a[b]');
  });

  it('When a value is over 500 characters, then it is refused; 500 is accepted', () => {
    assert.equal(mergeMetadata({}, { v: 'x'.repeat(500) }).v!.length, 500);
    assert.equal(issuesOf(() => mergeMetadata({}, { v: 'x'.repeat(501) }))[0]!.code, 'too_long');
  });

  it('When the merged map would hold more than 50 keys, then the change is refused', () => {
    const fifty = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, 'v']));
    assert.equal(Object.keys(mergeMetadata({}, fifty)).length, 50);
    const issues = issuesOf(() => mergeMetadata(fifty, { one_more: 'v' }));
    assert.equal(issues[0]!.field, 'metadata');
    // Removing one while adding one stays within the limit.
    assert.equal(Object.keys(mergeMetadata(fifty, { k0: '', one_more: 'v' })).length, 50);
  });

  it('When metadata is not a map (array, number), then it is refused as a whole', () => {
    assert.equal(issuesOf(() => mergeMetadata({}, ['a']))[0]!.field, 'metadata');
    assert.equal(issuesOf(() => mergeMetadata({}, 3))[0]!.code, 'invalid_type');
  });
});
