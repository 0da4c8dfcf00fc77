import { randomBytes, randomUUID } from 'node:crypto';
import { WebhookEndpoint } from '../db/entities';
import { ApiError, ValidationFailed, notFound, type FieldIssue } from '../domain/errors';
import { EVENT_TYPES } from '../domain/events';
import { newId } from '../domain/ids';
import { mergeMetadata } from '../domain/metadata';
import { decodeCursor, pageOf, type Page } from '../domain/pagination';
import { resolveVersion, VERSIONS } from '../domain/versions';
import { urlProblem } from '../domain/webhooks/url';
import { postOnce } from '../runtime/webhook-http';
import { accessToObject, MANAGERS, workspaceFor } from './access';
import type { RequestCtx } from './context';

/** After a rotation, deliveries are signed with the old secret too for this long. */
const ROTATION_OVERLAP_MS = 24 * 3600_000;

const newSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

/** Checks a URL, event types and version an endpoint is given; returns the version resolved (null when none was sent). */
function checkEndpointInput(
  ctx: RequestCtx,
  body: { url?: string; enabled_events?: string[]; api_version?: string },
): string | null {
  const issues: FieldIssue[] = [];
  const version = body.api_version === undefined ? null : resolveVersion(body.api_version);
  if (body.api_version !== undefined && !version)
    issues.push({
      code: 'invalid',
      field: 'api_version',
      message: `api_version must be a version date: ${VERSIONS.join(', ')}.`,
    });
  if (body.url !== undefined) {
    const problem = urlProblem(body.url, ctx.deps.config.allowLoopbackWebhooks);
    if (problem) issues.push({ code: 'invalid', field: 'url', message: problem });
  }
  body.enabled_events?.forEach((t, i) => {
    if (t !== '*' && !(EVENT_TYPES as readonly string[]).includes(t))
      issues.push({
        code: 'inclusion',
        field: `enabled_events.${i}`,
        message: `Unknown event type ${t}; known: ${EVENT_TYPES.join(', ')}, or * for all.`,
      });
  });
  if (issues.length) throw new ValidationFailed(issues);
  return version;
}

/** An endpoint (not deleted), for owners and admins of its workspace. */
async function loadEndpoint(ctx: RequestCtx, id: string): Promise<WebhookEndpoint> {
  const endpoint = await ctx.em.findOne(WebhookEndpoint, { id, deletedAt: null });
  if (!endpoint) throw notFound('Webhook endpoint');
  await accessToObject(ctx, endpoint.workspaceId, 'Webhook endpoint', { roles: MANAGERS });
  return endpoint;
}

/** Registers an endpoint (owners and admins), pinned to `api_version` or the request's version, with a given or new secret. */
export async function createEndpoint(
  ctx: RequestCtx,
  input: {
    workspace_id: string;
    url: string;
    enabled_events: string[];
    secret?: string;
    api_version?: string;
    metadata?: unknown;
  },
): Promise<WebhookEndpoint> {
  const { workspace } = await workspaceFor(ctx, input.workspace_id, { roles: MANAGERS });
  const version = checkEndpointInput(ctx, input) ?? ctx.version;
  const endpoint = Object.assign(new WebhookEndpoint(), {
    id: newId('webhookEndpoint'),
    workspaceId: workspace.id,
    url: input.url,
    enabledEvents: [...new Set(input.enabled_events)],
    secret: input.secret ? (input.secret.startsWith('whsec_') ? input.secret : `whsec_${input.secret}`) : newSecret(),
    apiVersion: version,
    metadata: input.metadata === undefined ? {} : mergeMetadata({}, input.metadata),
  });
  ctx.em.persist(endpoint);
  await ctx.em.flush();
  return endpoint;
}

/** A workspace's endpoints (owners and admins), oldest first. */
export async function listEndpoints(
  ctx: RequestCtx,
  query: { workspace_id: string; cursor?: string; limit: number },
): Promise<Page<WebhookEndpoint>> {
  const { workspace } = await workspaceFor(ctx, query.workspace_id, { roles: MANAGERS });
  const after = decodeCursor<{ id: string }>(query.cursor, { id: 'string' });
  const rows = await ctx.em.find(
    WebhookEndpoint,
    { workspaceId: workspace.id, deletedAt: null, ...(after ? { id: { $gt: after.id } } : {}) },
    { orderBy: { id: 'asc' }, limit: query.limit + 1 },
  );
  return pageOf(rows, query.limit, (e) => ({ id: e.id }));
}

export async function getEndpoint(ctx: RequestCtx, id: string): Promise<WebhookEndpoint> {
  return loadEndpoint(ctx, id);
}

/** Changes an endpoint's URL, events, enabled state or metadata; a disabled endpoint's pending deliveries stop at their next attempt. */
export async function updateEndpoint(
  ctx: RequestCtx,
  id: string,
  change: { url?: string; enabled_events?: string[]; enabled?: boolean; metadata?: unknown },
): Promise<WebhookEndpoint> {
  const endpoint = await loadEndpoint(ctx, id);
  checkEndpointInput(ctx, change);
  if (change.url !== undefined) endpoint.url = change.url;
  if (change.enabled_events !== undefined) endpoint.enabledEvents = [...new Set(change.enabled_events)];
  if (change.enabled !== undefined) {
    endpoint.enabled = change.enabled;
    // Enabled again (or disabled on purpose): the service's reason and the failing streak are over.
    endpoint.disabledReason = null;
    endpoint.failingSince = null;
  }
  if (change.metadata !== undefined) endpoint.metadata = mergeMetadata(endpoint.metadata, change.metadata);
  await ctx.em.flush();
  return endpoint;
}

/** Deletes an endpoint: its pending deliveries stop at their next attempt. */
export async function deleteEndpoint(ctx: RequestCtx, id: string): Promise<WebhookEndpoint> {
  const endpoint = await loadEndpoint(ctx, id);
  endpoint.deletedAt = new Date();
  await ctx.em.flush();
  return endpoint;
}

/** A new signing secret; for 24 hours deliveries are signed with the old one too. */
export async function rotateSecret(ctx: RequestCtx, id: string): Promise<WebhookEndpoint> {
  const endpoint = await loadEndpoint(ctx, id);
  endpoint.previousSecret = endpoint.secret;
  endpoint.previousSecretExpiresAt = new Date(Date.now() + ROTATION_OVERLAP_MS);
  endpoint.secret = newSecret();
  await ctx.em.flush();
  return endpoint;
}

/**
 * Sends a sample `meeting.updated` whose ids exist nowhere to an endpoint now (signed as deliveries
 * are) and answers what the receiver returned, or the connection error. Nothing is recorded.
 */
export async function sendTestEvent(
  ctx: RequestCtx,
  id: string,
): Promise<{
  eventId: string;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  responseBody: string | null;
}> {
  const endpoint = await loadEndpoint(ctx, id);
  if (!endpoint.enabled)
    throw new ApiError(
      422,
      'unavailable',
      'The endpoint is disabled and receives nothing: enable it (PATCH enabled: true) before sending a test event.',
    );
  const now = new Date().toISOString();
  const fake = (prefix: string) => `${prefix}_test_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
  const eventId = fake('evt');
  const body = JSON.stringify({
    id: eventId,
    type: 'meeting.updated',
    created_at: now,
    data: {
      object: {
        id: fake('mtg'),
        object: 'meeting',
        workspace_id: endpoint.workspaceId,
        source: 'bot',
        phase: 'upcoming',
        title: 'Sample meeting',
        metadata: {},
        created_at: now,
        updated_at: now,
      },
    },
  });
  const r = await postOnce(ctx.deps.config, endpoint, 'meeting.updated', body);
  return { eventId, statusCode: r.statusCode, error: r.error, durationMs: r.durationMs, responseBody: r.responseBody };
}
