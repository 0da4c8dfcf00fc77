import { EntitySchema } from '@mikro-orm/core';
import type { Metadata } from '../../domain/metadata';
import type { Platform } from '../../domain/meetings/url';
import type { Results } from '../../domain/meetings/state';

export type Person = { name: string | null; email: string | null; member_id: string | null };
export type Attendee = Person & { response: string | null };

/**
 * The calendar event of a calendar meeting (spec: Calendar event). Its schedule, link, title and
 * organizer are the meeting's own columns; what only the event has is kept here.
 */
export type StoredCalendarEvent = {
  id: string;
  recurring: boolean | null;
  attendees: Attendee[];
  metadata: Record<string, string>;
  /** Members whose calendars hold it. */
  member_ids: string[];
  created_at: string;
  updated_at: string;
};
export type MeetingSource = 'calendar_connection' | 'calendar_sync' | 'bot';

/** One occurrence of a call in one workspace (spec: Meeting). */
export class Meeting {
  id!: string;
  workspaceId!: string;
  memberId: string | null = null;
  source!: MeetingSource;
  title: string | null = null;
  startsAt: Date | null = null;
  endsAt: Date | null = null;
  meetingUrl: string | null = null;
  platform: Platform | null = null;
  organizer: Person | null = null;
  participants: Person[] = [];
  /** The meeting's own settings object (`set_`) and its assignment to the meeting's scope (`asg_`). */
  ownSettingsId!: string;
  ownAssignmentId!: string;
  /** iCalendar UID of its calendar event, for `calendar_event_series:` scopes. */
  icalUid: string | null = null;
  /** One meeting per occurrence: '' for a single event, the original start of a recurring occurrence. */
  occurrenceKey: string | null = null;
  calendarEvent: StoredCalendarEvent | null = null;
  /** Digest of the settings block last published (created or meeting.updated); a change of settings compares against it. */
  settingsDigest: string | null = null;
  results!: Results;
  cancelledAt: Date | null = null;
  metadata: Metadata = {};
  createdAt: Date = new Date();
  updatedAt: Date = new Date();
}

export const MeetingSchema = new EntitySchema<Meeting>({
  class: Meeting,
  tableName: 'meetings',
  properties: {
    id: { type: 'string', primary: true },
    workspaceId: { type: 'string' },
    memberId: { type: 'string', nullable: true },
    source: { type: 'string' },
    title: { type: 'string', nullable: true },
    startsAt: { type: 'Date', nullable: true },
    endsAt: { type: 'Date', nullable: true },
    meetingUrl: { type: 'string', nullable: true },
    platform: { type: 'string', nullable: true },
    organizer: { type: 'json', nullable: true },
    participants: { type: 'json' },
    ownSettingsId: { type: 'string' },
    ownAssignmentId: { type: 'string' },
    icalUid: { type: 'string', nullable: true },
    occurrenceKey: { type: 'string', nullable: true },
    calendarEvent: { type: 'json', nullable: true },
    settingsDigest: { type: 'string', nullable: true },
    results: { type: 'json' },
    cancelledAt: { type: 'Date', nullable: true },
    metadata: { type: 'json' },
    createdAt: { type: 'Date' },
    updatedAt: { type: 'Date' },
  },
});
