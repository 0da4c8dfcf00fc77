import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '../domain/ids';
import { meetingPhase } from '../domain/meetings/state';
import type { BotScheduler } from '../runtime/bot-scheduler';
import { Bot } from './entities';
import { changeMeeting, meetingWithBots } from './meetings';
import { settingsForMeeting } from './settings';

const LIVE = ['queued', 'joining', 'in_call'];

/**
 * Brings a calendar meeting's bot in line with it, inside the caller's transaction: an upcoming,
 * not cancelled meeting with a link whose settings record it has one calendar bot joining at its
 * start; a reschedule moves the bot; a cancellation or recording turned off cancels a bot that has
 * not entered the call. Bots sent through POST /bots are left alone. The partial unique index on
 * bots keeps one live calendar bot per meeting even if two of these race.
 */
export async function reconcileCalendarBot(em: EntityManager, meetingId: string, scheduler: BotScheduler, now = new Date()): Promise<'scheduled' | 'moved' | 'cancelled' | 'unchanged'> {
  const { meeting, bots } = await meetingWithBots(em, meetingId, { lock: true });
  if (meeting.source === 'bot') return 'unchanged';
  const live = bots.find((b) => b.origin === 'calendar' && LIVE.includes(b.status));
  const settings = await settingsForMeeting(em, meeting);
  const wanted =
    settings.recording.enabled &&
    meeting.meetingUrl !== null &&
    meeting.startsAt !== null &&
    meetingPhase(meeting, bots, now) === 'upcoming' &&
    (meeting.endsAt === null || meeting.endsAt > now);
  if (!wanted) {
    if (live && live.status !== 'in_call') {
      await scheduler.cancel(live.id);
      return 'cancelled';
    }
    return 'unchanged';
  }
  if (live) {
    if (live.status === 'queued' && live.joinAt?.getTime() !== meeting.startsAt!.getTime()) {
      live.joinAt = meeting.startsAt;
      live.meetingUrl = meeting.meetingUrl!;
      await em.flush();
      await scheduler.reschedule(live.id, meeting.startsAt);
      return 'moved';
    }
    return 'unchanged';
  }
  // A meeting whose calendar bot already went (recorded, or failed trying) is not sent another by accident.
  if (bots.some((b) => b.origin === 'calendar' && b.status !== 'cancelled')) return 'unchanged';
  const at = new Date();
  const bot = Object.assign(new Bot(), {
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
  // The new recording shows on the meeting: meeting.updated with it.
  await changeMeeting(em, meeting.id, (_m, list) => {
    em.persist(bot);
    list.push(bot);
  });
  await scheduler.start(bot);
  return 'scheduled';
}
