import { Migration } from '@mikro-orm/migrations';

/**
 * The command outbox: every start or signal of a workflow that follows a change is a row written in
 * the change's transaction; the worker's dispatcher sends it after commit (DESIGN.md › The outbox).
 */
export class Migration20261122060000_workflow_commands extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table workflow_commands (
        id bigserial primary key,
        workflow_id text not null,
        command jsonb not null,
        created_at timestamptz not null default now(),
        due_at timestamptz not null default now(),
        leased_until timestamptz,
        attempts integer not null default 0,
        last_error text,
        parked_at timestamptz,
        dispatched_at timestamptz
      );
      create index workflow_commands_pending on workflow_commands (due_at, id) where dispatched_at is null and parked_at is null;
      create index workflow_commands_by_workflow on workflow_commands (workflow_id, id) where dispatched_at is null;
      -- NOTIFY reaches the dispatcher when the inserting transaction commits.
      create function notify_workflow_command() returns trigger language plpgsql as $$
      begin
        perform pg_notify('workflow_commands', '');
        return null;
      end $$;
      create trigger workflow_commands_notify after insert on workflow_commands for each statement execute function notify_workflow_command();
      -- The transition an event announces, for events that happen once per object (bot.recording_started …):
      -- an activity retried after its transaction committed records no second event.
      alter table webhook_events add column dedupe_key text;
      create unique index webhook_events_dedupe on webhook_events (dedupe_key) where dedupe_key is not null;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(
      'drop trigger workflow_commands_notify on workflow_commands; drop function notify_workflow_command(); drop table workflow_commands; drop index webhook_events_dedupe; alter table webhook_events drop column dedupe_key;',
    );
  }
}
