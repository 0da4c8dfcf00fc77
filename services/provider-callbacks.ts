import { timingSafeEqual } from 'node:crypto';
import { eventFromRecallWebhook } from '../activities/providers/recall';
import { Bot } from '../db/entities';
import { ApiError } from '../domain/errors';
import { svixVerify } from '../domain/svix';
import { botWorkflowId, providerEventSignal } from '../workflows/signals';
import { calendarChanged, calendarKit } from './calendars';
import { commands } from './commands';
import type { RequestCtx } from './context';

/** The Svix headers a signed callback carries (`svix-*`, or the standard `webhook-*` names). */
export type SvixHeaders = { id?: string; timestamp?: string; signature?: string };

/**
 * A status webhook of the hosted meeting-bot provider, authenticated by its signature: the event
 * becomes the same `providerEvent` signal the simulator sends. Whether a bot workflow is signalled.
 */
export async function recallStatusChanged(
  ctx: RequestCtx,
  signed: { headers: SvixHeaders; rawBody: Buffer },
  body: unknown,
): Promise<{ applied: boolean }> {
  const secret = ctx.deps.config.providers.recallWebhookSecret;
  if (!secret || !svixVerify(secret, signed.headers, signed.rawBody))
    throw new ApiError(401, 'unauthorized', 'The callback signature is missing or wrong.');
  const mapped = eventFromRecallWebhook(body);
  if (!mapped) return { applied: false };
  const bot = await ctx.em.findOne(Bot, { providerBotId: mapped.providerBotId });
  if (!bot) return { applied: false };
  // Recorded before answering (the provider does not resend an acknowledged event); the dispatcher signals the bot.
  commands.signal(ctx.em, botWorkflowId(bot.id), providerEventSignal, [mapped.event]);
  await ctx.em.flush();
  return { applied: true };
}

/**
 * A calendar provider's change notification for a connection, authenticated by the token given when
 * watching (Google's channel token, or a Microsoft notification's clientState): its sync is woken.
 */
export async function calendarNotified(
  ctx: RequestCtx,
  connectionId: string,
  tokens: { channelToken: unknown; clientStates: unknown[] },
): Promise<void> {
  const expected = Buffer.from(calendarKit(ctx.deps).vault.mac(connectionId));
  const same = (given: unknown) =>
    typeof given === 'string' && given.length === expected.length && timingSafeEqual(Buffer.from(given), expected);
  if (!same(tokens.channelToken) && !tokens.clientStates.some(same))
    throw new ApiError(401, 'unauthorized', 'The notification token is missing or wrong.');
  // Recorded before answering, so a notification is never lost; the dispatcher wakes the sync.
  calendarChanged(ctx.em, connectionId);
  await ctx.em.flush();
}
