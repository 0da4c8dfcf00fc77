import type { EntityManager } from '@mikro-orm/postgresql';
import { Bot, Meeting } from '../db/entities';
import { meetingWithBots } from '../db/meetings';
import { recordEvent } from '../db/outbox';
import { settingsDigest, settingsForMeeting } from '../db/settings';
import { canonicalJson } from '../domain/canonical-json';
import type { BotEventType } from '../domain/events';
import type { SettingsBlock } from '../domain/settings';
import { serializeBot } from '../representations/bot';
import { serializeMeeting } from '../representations/meeting';

/** How the meeting reads in a webhook (as GET /meetings/{id} returns it). */
export function meetingPayload(meeting: Meeting, bots: Bot[], settings: SettingsBlock): Record<string, unknown> {
  return serializeMeeting(meeting, bots, { settings });
}

/** What a meeting.updated is about: everything but timestamps and metadata (the meeting's and its calendar event's). */
function visible(payload: Record<string, unknown>): string {
  const { updated_at: _u, metadata: _m, calendar_event: event, ...rest } = payload;
  const { updated_at: _eu, metadata: _em, ...eventRest } = (event ?? {}) as Record<string, unknown>;
  return canonicalJson({ ...rest, calendar_event: event ? eventRest : null });
}

/**
 * Runs `change` on a locked meeting and its bots inside the caller's transaction, then records
 * `meeting.updated` when anything visible changed (metadata alone emits nothing, spec Events rule 2),
 * `meeting.finished` when its results reached ready or failed, and the given `bot.*` events.
 * Settings count as changed when the resolved block differs from the one the meeting last published
 * (its digest), so a settings change not yet announced is announced with the next change.
 */
export async function changeMeeting(
  em: EntityManager,
  meetingId: string,
  change: (meeting: Meeting, bots: Bot[]) => void | Promise<void>,
  botEvents: { botId: string; types: BotEventType[] }[] = [],
): Promise<{ meeting: Meeting; bots: Bot[] }> {
  const { meeting, bots } = await meetingWithBots(em, meetingId, { lock: true });
  const before = serializeMeeting(meeting, bots, { settings: null });
  await change(meeting, bots);
  const block = await settingsForMeeting(em, meeting);
  const digest = settingsDigest(block);
  const after = meetingPayload(meeting, bots, block);
  const now = new Date();
  // Every bot.* type happens once in a bot's life: an activity retried after it committed records none again.
  const keys = botEvents.flatMap(({ botId, types }) => types.map((type) => `${botId}/${type}`));
  const recorded = new Set(keys.length ? (await em.execute<{ dedupe_key: string }[]>('select dedupe_key from webhook_events where dedupe_key in (?)', [keys])).map((r) => r.dedupe_key) : []);
  for (const { botId, types } of botEvents) {
    const bot = bots.find((b) => b.id === botId)!;
    bot.updatedAt = now;
    for (const type of types) {
      const dedupeKey = `${botId}/${type}`;
      if (!recorded.has(dedupeKey)) recordEvent(em, { workspaceId: meeting.workspaceId, type, objectId: bot.id, payload: serializeBot(bot, meeting, block), dedupeKey });
    }
  }
  const { settings: _s, ...afterWithoutSettings } = after;
  if (visible(before) !== visible(afterWithoutSettings) || meeting.settingsDigest !== digest) {
    meeting.settingsDigest = digest;
    meeting.updatedAt = now;
    after.updated_at = now.toISOString();
    recordEvent(em, { workspaceId: meeting.workspaceId, type: 'meeting.updated', objectId: meeting.id, payload: after });
    const finished = (s: string) => s === 'ready' || s === 'failed';
    if (finished(meeting.results.status) && (before.results as { status: string }).status !== meeting.results.status) {
      recordEvent(em, { workspaceId: meeting.workspaceId, type: 'meeting.finished', objectId: meeting.id, payload: after });
    }
  }
  await em.flush();
  return { meeting, bots };
}

/**
 * A bot whose workflow is no longer running (it ended without moving the row, or a signal found it
 * gone) can hear nothing: while its row still reads live it is recorded cancelled, with bot.cancelled,
 * so it blocks no later bot. Its own transaction; called by the dispatcher after a signal found no workflow.
 */
export async function cancelOrphanedBot(em: EntityManager, meetingId: string, botId: string): Promise<void> {
  await em.fork().transactional(async (tem) => {
    const bot = await tem.findOne(Bot, { id: botId });
    if (!bot || !['queued', 'joining', 'in_call'].includes(bot.status)) return;
    await changeMeeting(
      tem,
      meetingId,
      (_m, bots) => {
        bots.find((b) => b.id === botId)!.status = 'cancelled';
      },
      [{ botId, types: ['bot.cancelled'] }],
    );
  });
}
