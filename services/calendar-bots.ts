import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '../domain/ids';
import { isUnderway, meetingPhase } from '../domain/meetings/state';
import { botCommands } from './commands';
import { Bot, type Meeting } from '../db/entities';
import type { SettingsBlock } from '../domain/settings';
import { lockedMeetingWithBots } from '../db/meetings';
import { changeMeeting } from './meetings';
import { settingsForMeeting } from '../db/settings';

/** Whether a calendar meeting should have a calendar bot: upcoming, not cancelled, with a link, and its settings record it. */
export function wantsCalendarBot(meeting: Meeting, bots: Bot[], settings: SettingsBlock, now: Date): boolean {
  return (
    settings.recording.enabled &&
    meeting.meetingUrl !== null &&
    meeting.startsAt !== null &&
    meetingPhase(meeting, bots, now) === 'upcoming' &&
    (meeting.endsAt === null || meeting.endsAt > now)
  );
}

/** The calendar bot of a meeting (not yet written): it joins at the meeting's start with its link. */
export function newCalendarBot(meeting: Meeting, at = new Date()): Bot {
  return Object.assign(new Bot(), {
    id: newId('bot'),
    workspaceId: meeting.workspaceId,
    meetingId: meeting.id,
    meetingUrl: meeting.meetingUrl!,
    joinAt: meeting.startsAt,
    botName: 'Notetaker',
    createdBy: 'calendar',
    origin: 'calendar' as const,
    createdAt: at,
    updatedAt: at,
  });
}

/**
 * Brings a calendar meeting's bot in line with it, inside the caller's transaction: an upcoming,
 * not cancelled meeting with a link whose settings record it has one calendar bot joining at its
 * start; a reschedule moves the bot; a cancellation or recording turned off cancels a bot that has
 * not entered the call. Bots sent through POST /bots are left alone. The partial unique index on
 * bots keeps one live calendar bot per meeting even if two of these race.
 */
export async function reconcileCalendarBot(
  em: EntityManager,
  meetingId: string,
  /** A meeting this transaction just created, with its settings: nothing to read again; a new bot is added to `bots`. */
  known?: { meeting: Meeting; settings: SettingsBlock; bots?: Bot[] },
  now = new Date(),
): Promise<'scheduled' | 'moved' | 'cancelled' | 'unchanged'> {
  const { meeting, bots } = known
    ? { meeting: known.meeting, bots: [] as Bot[] }
    : await lockedMeetingWithBots(em, meetingId);
  if (meeting.source === 'bot') return 'unchanged';
  const live = bots.find((b) => b.origin === 'calendar' && isUnderway(b.status));
  const settings = known?.settings ?? (await settingsForMeeting(em, meeting));
  if (!wantsCalendarBot(meeting, bots, settings, now)) {
    if (!live || live.status === 'in_call') return 'unchanged';
    botCommands.cancel(em, live);
    return 'cancelled';
  }
  if (live && live.status === 'queued') {
    const moved = live.joinAt?.getTime() !== meeting.startsAt!.getTime();
    if (!moved && live.meetingUrl === meeting.meetingUrl) return 'unchanged';
    // The bot joins with the link and time its row holds when it launches.
    live.meetingUrl = meeting.meetingUrl!;
    live.joinAt = meeting.startsAt;
    await em.flush();
    // A bot whose workflow ended meanwhile is recorded cancelled by the dispatcher; the next reconcile sends another.
    if (moved) botCommands.reschedule(em, live, meeting.startsAt);
    return 'moved';
  }
  if (live) return 'unchanged';
  // A meeting whose calendar bot already went (recorded, or failed trying) is not sent another by accident.
  if (bots.some((b) => b.origin === 'calendar' && b.status !== 'cancelled')) return 'unchanged';
  const bot = newCalendarBot(meeting);
  if (known) {
    // A meeting created in this transaction: its meeting.created (recorded by the caller) shows the bot.
    await em.persist(bot).flush();
    known.bots?.push(bot);
  } else {
    // The new recording shows on the meeting: meeting.updated with it.
    await changeMeeting(em, meeting.id, (_m, list) => {
      em.persist(bot);
      list.push(bot);
    });
  }
  botCommands.start(em, bot);
  await em.flush();
  return 'scheduled';
}
