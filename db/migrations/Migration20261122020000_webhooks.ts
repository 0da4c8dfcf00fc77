import { Migration } from '@mikro-orm/migrations';

/** Webhook endpoints, one delivery per (event, endpoint) with its stored body, every attempt, and the after-commit notification. */
export class Migration20261122020000_webhooks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table webhook_endpoints (
        id text primary key,
        workspace_id text not null references workspaces(id),
        url text not null,
        enabled_events jsonb not null,
        enabled boolean not null default true,
        secret text not null,
        previous_secret text,
        previous_secret_expires_at timestamptz,
        api_version text not null,
        metadata jsonb not null default '{}',
        deleted_at timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index webhook_endpoints_workspace on webhook_endpoints (workspace_id, id);
      create table webhook_deliveries (
        event_id text not null references webhook_events(id),
        endpoint_id text not null references webhook_endpoints(id),
        body text not null,
        status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
        attempts integer not null default 0,
        series integer not null default 1,
        last_attempt_at timestamptz,
        created_at timestamptz not null default now(),
        primary key (event_id, endpoint_id)
      );
      create index webhook_deliveries_endpoint on webhook_deliveries (endpoint_id, status);
      create table webhook_attempts (
        id bigserial primary key,
        event_id text not null,
        endpoint_id text not null,
        series integer not null,
        number integer not null,
        started_at timestamptz not null,
        duration_ms integer not null,
        status_code integer,
        response_body text,
        error text,
        unique (event_id, endpoint_id, series, number)
      );
      -- NOTIFY is delivered only when the inserting transaction commits: the dispatcher's "after commit".
      create function notify_webhook_event() returns trigger language plpgsql as $$
      begin
        perform pg_notify('webhook_events', new.id);
        return new;
      end $$;
      create trigger webhook_events_notify after insert on webhook_events for each row execute function notify_webhook_event();
    `);
  }

  override async down(): Promise<void> {
    this.addSql(
      'drop trigger webhook_events_notify on webhook_events; drop function notify_webhook_event(); drop table webhook_attempts; drop table webhook_deliveries; drop table webhook_endpoints;',
    );
  }
}
