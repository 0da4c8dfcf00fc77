import { Migration } from '@mikro-orm/migrations';

/**
 * Connect links, calendar connections (tokens encrypted at rest), which provider event became which
 * meeting, and the simulated calendar provider's own store (the embedded default).
 */
export class Migration20261122050000_calendar_connections extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table calendar_connect_links (
        id text primary key,
        workspace_id text not null references workspaces(id),
        provider text not null check (provider in ('google', 'microsoft')),
        member_id text references members(id),
        member_data jsonb,
        return_url text not null,
        token_hash text not null unique,
        expires_at timestamptz not null,
        used_at timestamptz,
        created_by text not null,
        created_at timestamptz not null default now()
      );
      create table calendar_connections (
        id text primary key,
        workspace_id text not null references workspaces(id),
        member_id text not null references members(id),
        provider text not null check (provider in ('google', 'microsoft')),
        status text not null check (status in ('syncing', 'active', 'error', 'disconnected')),
        account_email text not null,
        error jsonb,
        tokens text not null,
        sync_cursor text,
        connected_at timestamptz not null,
        last_synced_at timestamptz,
        disconnected_at timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index calendar_connections_workspace on calendar_connections (workspace_id, id);
      create index calendar_connections_member on calendar_connections (member_id);
      create unique index calendar_connections_live on calendar_connections (member_id, provider, lower(account_email)) where status <> 'disconnected';
      create table calendar_event_links (
        connection_id text not null references calendar_connections(id),
        provider_event_id text not null,
        meeting_id text not null references meetings(id),
        listing text,
        primary key (connection_id, provider_event_id)
      );
      create index calendar_event_links_meeting on calendar_event_links (meeting_id);
      create table simulated_calendar_events (
        account_email text not null,
        event_id text not null,
        data jsonb not null,
        seq bigserial,
        primary key (account_email, event_id)
      );
      create index simulated_calendar_events_seq on simulated_calendar_events (account_email, seq);
      create table simulated_calendar_accounts (
        account_email text primary key,
        revoked boolean not null default false
      );
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop table simulated_calendar_accounts; drop table simulated_calendar_events; drop table calendar_event_links;
      drop table calendar_connections; drop table calendar_connect_links;
    `);
  }
}
