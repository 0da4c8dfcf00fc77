import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, it, jest } from '@jest/globals';
import { generateApiKey, hashApiKey, keyFromAuthorization } from '../../domain/api-keys';
import { hasPrefix, newId } from '../../domain/ids';
import { jsonErrorPosition } from '../../domain/json-position';
import { availableParallelism } from 'node:os';
import { AUTO_API_PROCESSES_MAX, autoApiProcesses, ConfigError, loadConfig } from '../../runtime/config';

describe('ids', () => {
  it('When ids are made one after another, then they carry the typed prefix and sort in creation order', () => {
    const ids = Array.from({ length: 1000 }, () => newId('meeting'));
    assert.ok(ids.every((id) => hasPrefix('meeting', id) && id.length === 30));
    assert.deepEqual([...ids].sort(), ids);
    assert.equal(new Set(ids).size, ids.length);
  });
});

describe('api keys', () => {
  it('When a header names the key in any accepted form, then the same key comes out', () => {
    const key = generateApiKey();
    for (const header of [key, `Bearer ${key}`, `bearer ${key}`, `Token ${key}`, `TOKEN  ${key}`, `  ${key} `])
      assert.equal(keyFromAuthorization(header), key, header);
    assert.equal(keyFromAuthorization(''), null);
  });

  it('When a key is hashed, then the hash is stable and reveals nothing of the key', () => {
    const key = generateApiKey();
    assert.equal(hashApiKey(key), hashApiKey(key));
    assert.ok(!hashApiKey(key).includes(key.slice(4, 12)));
    assert.notEqual(generateApiKey(), key);
  });
});

describe('JSON error position', () => {
  it('When JSON is malformed, then the first bad offset is found', () => {
    assert.equal(jsonErrorPosition('{"name": x}'), 9);
    assert.equal(jsonErrorPosition('{"a":1,}'), 7);
    assert.equal(jsonErrorPosition('{"a":1'), 6);
    assert.equal(jsonErrorPosition('[1,2] x'), 6);
    assert.equal(jsonErrorPosition('{"a":[1,{"b":tru}]}'), 16);
    assert.equal(jsonErrorPosition('{"ok": [1, "two", null, false, -1.5e3]}'), -1);
  });
});

describe('configuration', () => {
  it('When a variable is bad, then start-up fails naming it', () => {
    assert.throws(
      () => loadConfig({ PORT: 'eighty' }),
      (err: Error) => err instanceof ConfigError && /PORT/.test(err.message),
    );
    assert.throws(() => loadConfig({ DATABASE_URL: 'mysql://x' }), /DATABASE_URL/);
    assert.throws(() => loadConfig({ TEMPORAL_ADDRESS: 'no-port' }), /TEMPORAL_ADDRESS/);
    assert.throws(
      () => loadConfig({ GOOGLE_CLIENT_ID: 'id-only' }),
      (err: Error) => err instanceof ConfigError && /GOOGLE_CLIENT_SECRET/.test(err.message),
    );
    assert.throws(() => loadConfig({ MICROSOFT_CLIENT_SECRET: 'secret-only' }), /MICROSOFT_CLIENT_ID/);
  });

  it('When API_PROCESSES is auto, a number or nonsense, then the API runs one per core (at most 8), that many, or start-up fails naming it', () => {
    assert.equal(loadConfig({}).apiProcesses, autoApiProcesses());
    const cores = Math.min(AUTO_API_PROCESSES_MAX, availableParallelism());
    assert.equal(autoApiProcesses(null), cores);
    assert.equal(autoApiProcesses('max 100000\n'), cores);
    // A container limited to half a core, or to a core and a half (a cgroup quota, docker's --cpus).
    assert.equal(autoApiProcesses('50000 100000\n'), 1);
    assert.equal(autoApiProcesses('150000 100000\n'), Math.min(cores, 2));
    assert.equal(loadConfig({ API_PROCESSES: 'auto' }).apiProcesses, loadConfig({}).apiProcesses);
    assert.equal(loadConfig({ API_PROCESSES: '3' }).apiProcesses, 3);
    assert.equal(loadConfig({ API_PROCESSES: '1' }).apiProcesses, 1);
    for (const bad of ['0', '65', 'many', '2.5'])
      assert.throws(
        () => loadConfig({ API_PROCESSES: bad }),
        (err: Error) => err instanceof ConfigError && /API_PROCESSES/.test(err.message),
        bad,
      );
  });

  it('When WORKER_MAX_CONCURRENT_WORKFLOW_TASKS is a number, unset or nonsense, then the worker runs that many workflow tasks at once, its default, or start-up fails naming it', () => {
    assert.equal(loadConfig({ WORKER_MAX_CONCURRENT_WORKFLOW_TASKS: '150' }).temporal.maxConcurrentWorkflowTasks, 150);
    // Unset: the worker's own default (DEFAULT_MAX_CONCURRENT_WORKFLOW_TASKS), not the SDK's 40.
    assert.equal(loadConfig({}).temporal.maxConcurrentWorkflowTasks, null);
    for (const bad of ['0', '-1', 'many', '2.5', '10001'])
      assert.throws(
        () => loadConfig({ WORKER_MAX_CONCURRENT_WORKFLOW_TASKS: bad }),
        (err: Error) => err instanceof ConfigError && /WORKER_MAX_CONCURRENT_WORKFLOW_TASKS/.test(err.message),
        bad,
      );
  });

  it('When the service runs under a cgroup CPU quota of half a core, then API_PROCESSES=auto starts one API process', () => {
    const read = fs.readFileSync;
    const spy = jest
      .spyOn(fs, 'readFileSync')
      .mockImplementation(((file: fs.PathOrFileDescriptor, ...rest: never[]) =>
        file === '/sys/fs/cgroup/cpu.max' ? '50000 100000\n' : read(file, ...rest)) as typeof fs.readFileSync);
    try {
      assert.equal(loadConfig({}).apiProcesses, 1);
      assert.equal(loadConfig({ API_PROCESSES: '3' }).apiProcesses, 3);
    } finally {
      spy.mockRestore();
    }
  });

  it('When an OAuth client is configured, then that calendar provider is real; otherwise it is simulated', () => {
    const c = loadConfig({ GOOGLE_CLIENT_ID: 'g-id', GOOGLE_CLIENT_SECRET: 'g-secret' });
    assert.equal(c.calendars.google?.clientId, 'g-id');
    assert.equal(c.calendars.google?.apiUrl, 'https://www.googleapis.com/calendar/v3');
    assert.equal(c.calendars.microsoft, null);
  });

  it('When nothing is set, then the embedded defaults apply', () => {
    const c = loadConfig({});
    assert.equal(c.databaseUrl, null);
    assert.equal(c.temporal.address, null);
    assert.equal(c.rateLimits.ipPerMinute, 500);
    assert.equal(c.temporal.taskQueue, 'notetaker');
  });
});
