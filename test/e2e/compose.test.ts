import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, it } from '@jest/globals';
import { projectRoot } from '../../runtime/paths';

describe('docker-compose.yml', () => {
  it('When Compose reads the file, then it is valid and runs the production shape', () => {
    // Debian's docker-compose validates the file without an engine (.ci/run installs it).
    const json = execFileSync('docker-compose', ['-f', 'docker-compose.yml', 'config'], {
      cwd: projectRoot(),
      encoding: 'utf8',
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
    assert.match(json, /TEMPORAL_ADDRESS: temporal:7233/);
  });
});
