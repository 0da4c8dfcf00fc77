import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { CURRENT_VERSION, downgrade, resolveVersion, successorOf } from '../../domain/versions';
import { toServerOffset } from '../../domain/versions/format';

describe('version registry', () => {
  it('When a date is sent, then the newest version on or before it serves', () => {
    assert.equal(resolveVersion('2026-10-12'), '2026-10-12');
    assert.equal(resolveVersion('2026-10-11'), '2026-10-10');
    assert.equal(resolveVersion('2030-01-01'), CURRENT_VERSION);
    assert.equal(resolveVersion('2026-09-01'), '2026-08-31');
  });

  it('When the value is not a real ISO date or predates every version, then it is refused', () => {
    for (const bad of ['yesterday', '2026-13-01', '2026-02-30', '20261012', '2020-01-01', ''])
      assert.equal(resolveVersion(bad), null, bad);
  });

  it('When a version is behind, then its successor is the next release; the current one has none', () => {
    assert.equal(successorOf('2026-10-10'), '2026-10-12');
    assert.equal(successorOf(CURRENT_VERSION), null);
  });

  it('When a workspace is served before 2026-10-12, then names are camelCase and timestamps carry the server offset', () => {
    const newest = {
      id: 'wks_1',
      owner_email: 'a@b.c',
      members_count: 2,
      created_at: '2026-11-01T10:00:00.123Z',
      metadata: { some_key: 'v' },
    };
    const older = downgrade('workspace', newest, '2026-10-10', { serverOffsetMinutes: 60 });
    assert.deepEqual(older, {
      id: 'wks_1',
      ownerEmail: 'a@b.c',
      membersCount: 2,
      createdAt: '2026-11-01T11:00:00.123+01:00',
      metadata: { some_key: 'v' },
    });
    assert.deepEqual(downgrade('workspace', newest, CURRENT_VERSION, { serverOffsetMinutes: 60 }), newest);
  });

  it('When the server runs on UTC, then the offset reads +00:00', () => {
    assert.equal(toServerOffset('2026-11-01T10:00:00.000Z', 0), '2026-11-01T10:00:00.000+00:00');
    assert.equal(toServerOffset('2026-11-01T10:00:00.000Z', -330), '2026-11-01T04:30:00.000-05:30');
  });
});
