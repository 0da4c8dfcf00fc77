import { Migration } from '@mikro-orm/migrations';

/** Meetings, bots, result contents, and the outbox of webhook events. */
export class Migration20261122010000_meetings_bots extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table meetings (
        id text primary key,
        workspace_id text not null references workspaces(id),
        member_id text,
        source text not null check (source in ('calendar_connection', 'calendar_sync', 'bot')),
        title text,
        starts_at timestamptz,
        ends_at timestamptz,
        meeting_url text,
        platform text,
        organizer jsonb,
        participants jsonb not null default '[]',
        own_settings jsonb not null default '{}',
        own_settings_id text not null,
        own_assignment_id text not null,
        results jsonb not null,
        cancelled_at timestamptz,
        metadata jsonb not null default '{}',
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index meetings_workspace_id on meetings (workspace_id, id);
      create index meetings_workspace_starts on meetings (workspace_id, starts_at);
      create index meetings_member on meetings (member_id);
      create table bots (
        id text primary key,
        workspace_id text not null references workspaces(id),
        meeting_id text not null references meetings(id),
        meeting_url text not null,
        join_at timestamptz,
        status text not null,
        bot_name text not null,
        bot_avatar text,
        welcome_message text,
        metadata jsonb not null default '{}',
        reason text,
        failure_message text,
        provider_bot_id text,
        recording_started_at timestamptz,
        joined_at timestamptz,
        left_at timestamptz,
        ended_at timestamptz,
        created_by text not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index bots_workspace_id on bots (workspace_id, id);
      create index bots_meeting on bots (meeting_id, id);
      create index bots_workspace_created on bots (workspace_id, created_at);
      create table meeting_results (
        meeting_id text primary key references meetings(id),
        bot_id text not null,
        transcript jsonb,
        summary jsonb,
        media jsonb,
        updated_at timestamptz not null default now()
      );
      create table webhook_events (
        id text primary key,
        workspace_id text not null,
        type text not null,
        object_id text not null,
        payload jsonb not null,
        created_at timestamptz not null default now(),
        dispatched_at timestamptz
      );
      create index webhook_events_workspace on webhook_events (workspace_id, id desc);
      create index webhook_events_undispatched on webhook_events (created_at) where dispatched_at is null;
      create index webhook_events_object on webhook_events (object_id, id);
    `);
  }

  override async down(): Promise<void> {
    this.addSql('drop table webhook_events; drop table meeting_results; drop table bots; drop table meetings;');
  }
}
