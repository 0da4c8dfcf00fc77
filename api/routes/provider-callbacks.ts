import { eventFromRecallWebhook } from '../../activities/providers/recall';
import { commands } from '../../services/commands';
import { Bot } from '../../db/entities';
import { svixVerify } from '../../domain/svix';
import { botWorkflowId, providerEventSignal } from '../../workflows/signals';
import { ApiError } from '../../domain/errors';
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
  response: { schema: z.object({ received: z.boolean(), applied: z.boolean() }), description: 'Received; `applied` tells whether a bot workflow was signalled.' },
  handler: async (ctx, { body, request }) => {
    const secret = ctx.deps.config.providers.recallWebhookSecret;
    const h = (name: string) => (typeof request.headers[name] === 'string' ? (request.headers[name] as string) : undefined);
    if (!secret || !svixVerify(secret, { id: h('svix-id') ?? h('webhook-id'), timestamp: h('svix-timestamp') ?? h('webhook-timestamp'), signature: h('svix-signature') ?? h('webhook-signature') }, request.rawBody)) {
      throw new ApiError(401, 'unauthorized', 'The callback signature is missing or wrong.');
    }
    const mapped = eventFromRecallWebhook(body);
    if (!mapped) return { body: { received: true, applied: false } };
    const bot = await ctx.em.findOne(Bot, { providerBotId: mapped.providerBotId });
    if (!bot) return { body: { received: true, applied: false } };
    // Recorded before answering (the provider does not resend an acknowledged event); the dispatcher signals the bot.
    commands.signal(ctx.em, botWorkflowId(bot.id), providerEventSignal, [mapped.event]);
    await ctx.em.flush();
    return { body: { received: true, applied: true } };
  },
});
