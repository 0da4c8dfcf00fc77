import { LockMode } from '@mikro-orm/core';
import { WebhookEndpoint } from '../db/entities';
import type { Orm } from '../db/orm';
import { recordEvent } from '../db/outbox';
import { DISABLE_FAILING_ENDPOINT_AFTER_MS, FAILING_DELIVERIES } from '../domain/webhooks/health';
import { serializeEndpoint } from '../representations/webhook-endpoint';

/**
 * Endpoint health after one delivery attempt. A success ends a failing streak; a failure starts one
 * (or continues it), and once every attempt has failed for 5 days the endpoint is disabled
 * (`enabled: false`, `disabled_reason: failing_deliveries`) and the workspace's other endpoints get
 * `webhook_endpoint.disabled`, all in one transaction. A success on an endpoint with no streak costs
 * nothing. Answers whether this attempt disabled it.
 */
export async function noteAttemptOutcome(
  orm: Orm,
  endpoint: Pick<WebhookEndpoint, 'id' | 'failingSince'>,
  succeeded: boolean,
  now = new Date(),
): Promise<boolean> {
  if (succeeded && endpoint.failingSince === null) return false;
  return orm.em.fork().transactional(async (em) => {
    const ep = await em.findOne(WebhookEndpoint, { id: endpoint.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!ep || ep.deletedAt) return false;
    if (succeeded) {
      ep.failingSince = null;
      return false;
    }
    ep.failingSince ??= now;
    if (!ep.enabled || now.getTime() - ep.failingSince.getTime() < DISABLE_FAILING_ENDPOINT_AFTER_MS) return false;
    ep.enabled = false;
    ep.disabledReason = FAILING_DELIVERIES;
    recordEvent(em, {
      workspaceId: ep.workspaceId,
      type: 'webhook_endpoint.disabled',
      objectId: ep.id,
      payload: serializeEndpoint(ep),
    });
    return true;
  });
}
