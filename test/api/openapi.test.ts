import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { givenApi, type TestApi } from '../support/api';

let api: TestApi;
beforeAll(async () => {
  api = await givenApi();
});
afterAll(() => api.close());

describe('OpenAPI document and reference page', () => {
  it('When the document is fetched, then it is OpenAPI 3.1 and lists every endpoint with its request and response schemas', async () => {
    const res = await api.http.get('/api/v1/openapi.json');
    assert.equal(res.status, 200);
    const doc = res.body;
    assert.equal(doc.openapi, '3.1.0');
    const expected: [string, string][] = [
      ['/workspaces', 'get'],
      ['/workspaces', 'post'],
      ['/workspaces/{id}', 'get'],
      ['/workspaces/{id}', 'patch'],
      ['/workspaces/{id}', 'delete'],
      ['/members', 'get'],
      ['/members', 'post'],
      ['/members/{id}', 'get'],
      ['/members/{id}', 'patch'],
      ['/members/{id}', 'delete'],
      ['/bots', 'get'],
      ['/bots', 'post'],
      ['/bots/{id}', 'get'],
      ['/bots/{id}', 'patch'],
      ['/bots/{id}', 'delete'],
      ['/bots/{id}/cancel', 'post'],
      ['/meetings', 'get'],
      ['/meetings/{id}', 'get'],
      ['/meetings/{id}', 'patch'],
      ['/meetings/{id}/results', 'get'],
      ['/media/{meeting_id}/{file}', 'get'],
      ['/provider_callbacks/recall', 'post'],
    ];
    for (const [path, method] of expected) assert.ok(doc.paths[path]?.[method], `${method.toUpperCase()} ${path}`);
    const create = doc.paths['/members'].post;
    const bodySchema = create.requestBody.content['application/json'].schema;
    assert.deepEqual(bodySchema.required.sort(), ['name', 'workspace_id']);
    assert.equal(bodySchema.properties.name.maxLength, 100);
    assert.ok(create.responses['201'].content['application/json'].schema.$ref.endsWith('/Member'));
    assert.ok(doc.components.schemas.Errors);
    const bot = doc.components.schemas.Bot;
    for (const f of ['meeting_id', 'status', 'recording_mode', 'summary_template', 'ended_at'])
      assert.ok(bot.properties[f], f);
    assert.ok(doc.components.schemas.Meeting.properties.results);
    assert.equal(doc.components.securitySchemes.ApiKey.name, 'Authorization');
  });

  it('When the document is read, then every operation has a unique operationId, declares each status it answers, and links point at real operations', async () => {
    const doc = (await api.http.get('/api/v1/openapi.json')).body;
    type Operation = {
      operationId: string;
      responses: Record<string, { content?: Record<string, unknown>; links?: Record<string, { operationId: string }> }>;
    };
    const operations = Object.entries(doc.paths as Record<string, Record<string, Operation>>).flatMap(
      ([path, methods]) =>
        Object.entries(methods).map(([method, op]) => ({ label: `${method.toUpperCase()} ${path}`, op })),
    );
    const ids = new Set(operations.map((o) => o.op.operationId));
    assert.equal(ids.size, operations.length, 'operationIds are unique');
    assert.equal(doc.paths['/workspaces/{id}'].get.operationId, 'getWorkspacesById');
    for (const { label, op } of operations) {
      for (const status of ['400', '401', '404', '406', '422', '429'])
        assert.ok(op.responses[status], `${label} declares ${status}`);
      assert.deepEqual(
        Object.keys(op.responses['429']!.content!).sort(),
        ['application/json', 'text/plain'],
        `${label}: the API's 429 and the per-IP flood limit's`,
      );
      for (const [name, link] of Object.values(op.responses).flatMap((r) => Object.entries(r.links ?? {}))) {
        assert.ok(ids.has(link.operationId), `${label} link ${name} → ${link.operationId}`);
      }
    }
    const statuses = (path: string, method: string) => Object.keys(doc.paths[path][method].responses);
    assert.ok(
      statuses('/calendar_events', 'post').includes('200') && statuses('/calendar_events', 'post').includes('201'),
      'a repeated push answers 200, a new one 201',
    );
    assert.ok(statuses('/members', 'post').includes('409'));
    assert.ok(statuses('/bots/{id}', 'delete').includes('409'));
    assert.ok(statuses('/workspaces/{id}', 'patch').includes('403'));
    assert.ok(doc.paths['/provider_callbacks/calendar/{id}'].post.responses['200'].content['text/plain']);
    const created = doc.paths['/workspaces'].post.responses['201'].links;
    assert.deepEqual(created.CreateMember, {
      operationId: 'postMembers',
      requestBody: { workspace_id: '$response.body#/id' },
    });
    assert.deepEqual(created.GetWorkspace, {
      operationId: 'getWorkspacesById',
      parameters: { 'path.id': '$response.body#/id' },
    });
    assert.equal(doc.paths['/workspaces'].post.requestBody.required, true);
    assert.equal(doc.paths['/workspaces/{id}'].patch.requestBody.required, false);
  });

  it('When the reference page is opened in a browser, then it is served from this service with its assets, no CDN', async () => {
    const page = await api.http.get('/api/v1/docs').set('Accept', 'text/html');
    assert.equal(page.status, 200);
    assert.match(page.text, /swagger-ui-bundle\.js/);
    assert.ok(!/https?:\/\//.test(page.text), 'no outside address');
    const asset = await api.http.get('/api/v1/docs/assets/swagger-ui-bundle.js');
    assert.equal(asset.status, 200);
    const changelog = await api.http.get('/api/v1/changelog').set('Accept', 'text/html');
    assert.match(changelog.text, /id="2026-10-12"/);
  });
});
