import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from '@jest/globals';
import { projectRoot } from '../../runtime/paths';
import { DEV_SERVER_DYNAMIC_CONFIG } from '../../runtime/temporal-servers';

describe('docker-compose.yml', () => {
  it('When Compose reads the file, then it is valid and runs the production shape', () => {
    // Debian's docker-compose validates the file without an engine (.ci/run installs it).
    const json = execFileSync('docker-compose', ['-f', 'docker-compose.yml', 'config'], {
      cwd: projectRoot(),
      encoding: 'utf8',
      env: { ...process.env, SIGNING_SECRET: 'a-shared-secret-of-at-least-32-characters' },
    });
    assert.match(json, /services:/);
    for (const service of [
      'postgres',
      'temporal-schema',
      'temporal',
      'temporal-setup',
      'temporal-ui',
      'api',
      'worker',
    ]) {
      assert.match(json, new RegExp(`^  ${service}:`, 'm'), service);
    }
    assert.match(json, /--only=api/);
    assert.match(json, /--only=worker/);
    // The worker and the API run as `npm run start:worker` and `start:api` run them, with the same node
    // flags: the worker's heap limit (README Benchmarks › Bots), the API's young generation (› API reads).
    const scripts = JSON.parse(readFileSync(path.join(projectRoot(), 'package.json'), 'utf8')).scripts;
    for (const [only, flag] of [
      ['worker', /--max-old-space-size=\d+/],
      ['api', /--max-semi-space-size=\d+/],
    ] as const) {
      const found = flag.exec(scripts[`start:${only}`])?.[0];
      assert.ok(found, scripts[`start:${only}`]);
      assert.match(json, new RegExp(`- node\\n\\s+- ${found}\\n\\s+- dist/scripts/start.js\\n\\s+- --only=${only}`));
    }
    assert.match(json, /TEMPORAL_ADDRESS: temporal:7233/);
  });

  it('When SIGNING_SECRET is not set, then Compose refuses with a clear message; set, api and worker share it and one data volume, and the UI listens on this machine only', () => {
    const refused = spawnSync('docker-compose', ['-f', 'docker-compose.yml', 'config'], {
      cwd: projectRoot(),
      encoding: 'utf8',
      env: { ...process.env, SIGNING_SECRET: '' },
    });
    assert.notEqual(refused.status, 0);
    assert.match(refused.stderr, /set SIGNING_SECRET/);
    const config = execFileSync('docker-compose', ['-f', 'docker-compose.yml', 'config'], {
      cwd: projectRoot(),
      encoding: 'utf8',
      env: { ...process.env, SIGNING_SECRET: 'a-shared-secret-of-at-least-32-characters' },
    });
    assert.equal(config.match(/SIGNING_SECRET: a-shared-secret-of-at-least-32-characters/g)?.length, 2);
    assert.equal(config.match(/app-data:\/data/g)?.length, 2);
    assert.match(config, /127\.0\.0\.1:8080:8080/);
    assert.doesNotMatch(config, /- 8080:8080/);
  });

  it('When the image is built, then the Dockerfile copies every source folder the build compiles', () => {
    const root = projectRoot();
    const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
    const copied = new Set([...dockerfile.matchAll(/^COPY (\w+) \1$/gm)].map((m) => m[1]));
    const sources = readdirSync(root, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !['node_modules', 'dist', 'test', 'bench', 'ops', 'clients'].includes(e.name))
      .filter((e) => !e.name.startsWith('.'))
      .filter((e) => readdirSync(path.join(root, e.name), { recursive: true }).some((f) => String(f).endsWith('.ts')))
      .map((e) => e.name);
    for (const folder of sources) assert.ok(copied.has(folder), `the Dockerfile does not copy ${folder}/`);
  });

  it('When Compose runs Temporal, then its server gets the dynamic configuration the embedded dev server starts with (eager activity dispatch)', () => {
    const config = execFileSync('docker-compose', ['-f', 'docker-compose.yml', 'config'], {
      cwd: projectRoot(),
      encoding: 'utf8',
      env: { ...process.env, SIGNING_SECRET: 'a-shared-secret-of-at-least-32-characters' },
    });
    assert.match(config, /ops\/temporal-dynamic-config\.yaml:\/etc\/temporal\/config\/dynamicconfig\/docker\.yaml:ro/);
    assert.match(config, /DYNAMIC_CONFIG_FILE_PATH: config\/dynamicconfig\/docker\.yaml/);
    const file = readFileSync(path.join(projectRoot(), 'ops', 'temporal-dynamic-config.yaml'), 'utf8');
    const keys = [...file.matchAll(/^([\w.]+):\n\s+- value: (\S+)$/gm)].map(([, key, value]) => [
      key,
      JSON.parse(value!),
    ]);
    assert.deepEqual(Object.fromEntries(keys), DEV_SERVER_DYNAMIC_CONFIG);
    assert.equal(DEV_SERVER_DYNAMIC_CONFIG['system.enableActivityEagerExecution'], true);
  });
});
