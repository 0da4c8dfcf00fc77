import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import express from 'express';
import { requestLogging } from '../../api/request-log';
import { createLogger } from '../../runtime/logger';
import { until } from '../support/until';

// The request log in front of routes that misbehave as no route of the service should (api/app.ts mounts it first).
const lines: Record<string, any>[] = [];
/** What the request log hands on for each answer sent in full (api/app.ts counts them in the HTTP metrics). */
const finished: { id: string; status: number }[] = [];
let server: Server;
let url: string;

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _enc, cb) {
      lines.push(JSON.parse(chunk.toString()));
      cb();
    },
  });
  const app = express();
  app.use(
    requestLogging(createLogger('info', sink), (req, res) => {
      finished.push({ id: String(req.headers['x-request-id']), status: res.statusCode });
    }),
  );
  app.get('/early-failure', (_req, res) => {
    res.end('done');
    // A failure the response reports while its answer is still on its way (before 'finish').
    res.emit('error', new Error('early failure'));
  });
  app.get('/late-failure', (_req, res) => {
    res.end('done');
    // A failure the response reports after it was answered (a stream piped into it, say).
    res.once('finish', () => setImmediate(() => res.emit('error', new Error('late failure'))));
  });
  app.get('/slow', (_req, res) => {
    setTimeout(() => res.end('too late'), 500);
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

describe('request log', () => {
  it('When a response fails after the request was answered, then the process goes on and the failure is a warning naming the request', async () => {
    const res = await fetch(`${url}/late-failure`, { headers: { 'X-Request-Id': 'late-1' } });
    assert.equal(await res.text(), 'done');
    const warning = await until(() => lines.find((l) => l.req?.id === 'late-1' && l.level === 40)!, {
      what: 'the warning of the late failure',
    });
    assert.equal(warning.msg, 'the response failed after the request was answered');
    assert.equal(warning.err.message, 'late failure');
    const answered = lines.filter((l) => l.req?.id === 'late-1' && l.msg === 'request completed');
    assert.equal(answered.length, 1, 'one line for the request itself');
    // Still serving.
    assert.equal((await fetch(`${url}/late-failure`)).status, 200);
  });

  it('When a response fails before its answer has finished, then the request is logged as errored and still counted once as answered', async () => {
    const res = await fetch(`${url}/early-failure`, { headers: { 'X-Request-Id': 'early-1' } });
    assert.equal(await res.text(), 'done');
    const line = await until(() => lines.find((l) => l.req?.id === 'early-1')!, { what: 'the line of the request' });
    assert.equal(line.msg, 'request errored');
    assert.equal(line.err.message, 'early failure');
    await until(() => finished.find((f) => f.id === 'early-1'), { what: 'the answer counted' });
    assert.deepEqual(
      finished.filter((f) => f.id === 'early-1'),
      [{ id: 'early-1', status: 200 }],
    );
  });

  it('When the client goes away before the answer, then its line says request aborted, with its address', async () => {
    await assert.rejects(
      fetch(`${url}/slow`, { headers: { 'X-Request-Id': 'gone-1' }, signal: AbortSignal.timeout(100) }),
    );
    const line = await until(() => lines.find((l) => l.req?.id === 'gone-1')!, { what: 'the aborted request' });
    assert.equal(line.msg, 'request aborted');
    assert.equal(line.req.remote, '127.0.0.1');
    assert.equal(line.req.path, '/slow');
  });
});
