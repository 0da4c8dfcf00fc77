import { Migration } from '@mikro-orm/migrations';

/**
 * The dispatcher is woken (NOTIFY webhook_events) only by a statement that inserted events of a
 * workspace with an enabled endpoint, once per statement, instead of once per event. Events of
 * workspaces without one make no delivery: the dispatcher's poll (every second) marks them
 * dispatched in batches, instead of a round for every commit that wrote one (2.8 rounds a bot in
 * bench:bots, whose workspace has no endpoint). An endpoint made meanwhile gets them, as before
 * when it committed before the round that fanned them out. The payload, unread, is empty.
 */
export class Migration20261128040000_notify_events_with_endpoints extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      drop trigger webhook_events_notify on webhook_events;
      drop function notify_webhook_event();
      create function notify_webhook_events() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from inserted i where exists (select 1 from webhook_endpoints e
                     where e.workspace_id = i.workspace_id and e.enabled and e.deleted_at is null)) then
          perform pg_notify('webhook_events', '');
        end if;
        return null;
      end $$;
      create trigger webhook_events_notify after insert on webhook_events
        referencing new table as inserted for each statement execute function notify_webhook_events();
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop trigger webhook_events_notify on webhook_events;
      drop function notify_webhook_events();
      create function notify_webhook_event() returns trigger language plpgsql as $$
      begin
        perform pg_notify('webhook_events', new.id);
        return new;
      end $$;
      create trigger webhook_events_notify after insert on webhook_events for each row execute function notify_webhook_event();
    `);
  }
}
