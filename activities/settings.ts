import { Meeting } from '../db/entities';
import { reconcileCalendarBot } from '../services/calendar-bots';
import { upcomingMeetingIds } from '../db/meetings';
import { changeMeeting } from '../services/meetings';
import { lockWorkspaceSettingsShared, settingsDigest, settingsForMeetings } from '../db/settings';
import type { ActivityDeps } from './index';

export function createSettingsActivities({ orm, log }: ActivityDeps) {
  return {
    /**
     * One batch of a workspace's upcoming meetings after `after` (by id): resolves their settings
     * in bulk, and for each whose block differs from the one it last published records
     * meeting.updated (through changeMeeting, under the meeting's lock). Idempotent: a retried
     * batch finds the digests already moved.
     */
    async refreshMeetingSettings(input: {
      workspaceId: string;
      after: string;
      limit: number;
      memberIds?: string[] | null;
    }): Promise<{ next: string | null; changed: number }> {
      const em = orm.em.fork();
      return em.transactional(async (tem) => {
        await lockWorkspaceSettingsShared(tem, input.workspaceId);
        const ids = await upcomingMeetingIds(tem, input.workspaceId, input.after, input.limit, input.memberIds ?? null);
        const meetings = await tem.find(Meeting, { id: { $in: ids } }, { orderBy: { id: 'asc' } });
        const blocks = await settingsForMeetings(tem, meetings);
        const stale = meetings.filter((m) => m.settingsDigest !== settingsDigest(blocks.get(m.id)!));
        for (const m of stale) {
          await changeMeeting(tem, m.id, () => undefined);
          // A calendar meeting's bot follows its settings (recording turned on or off).
          if (m.source !== 'bot') await reconcileCalendarBot(tem, m.id);
        }
        if (stale.length)
          log.info(
            { workspace_id: input.workspaceId, meetings: stale.length },
            'settings change announced on meetings',
          );
        return { next: ids.length === input.limit ? ids[ids.length - 1]! : null, changed: stale.length };
      });
    },
  };
}
