import { recallStatusChanged } from '../../services/provider-callbacks';
import { defineRoute } from '../routing';
import { z } from '../../representations/zod';

/**
 * Where a hosted meeting-bot provider reports a bot's progress. The call is authenticated by its
 * signature; the event becomes the same `providerEvent` signal the simulator sends.
 */
export const recallCallback = defineRoute({
  method: 'post',
  path: '/provider_callbacks/recall',
  tag: 'Providers',
  auth: false,
  summary: 'Status webhooks of the Recall-style bot provider (Svix-signed)',
  body: z.unknown(),
  response: {
    schema: z.object({ received: z.boolean(), applied: z.boolean() }),
    description: 'Received; `applied` tells whether a bot workflow was signalled.',
  },
  handler: async (ctx, { body, request }) => {
    const h = (name: string) =>
      typeof request.headers[name] === 'string' ? (request.headers[name] as string) : undefined;
    const headers = {
      id: h('svix-id') ?? h('webhook-id'),
      timestamp: h('svix-timestamp') ?? h('webhook-timestamp'),
      signature: h('svix-signature') ?? h('webhook-signature'),
    };
    const { applied } = await recallStatusChanged(ctx, { headers, rawBody: request.rawBody }, body);
    return { body: { received: true, applied } };
  },
});
