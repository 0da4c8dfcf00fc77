import { Migration } from '@mikro-orm/migrations';

/**
 * The outbox's NOTIFY only for a statement that inserted commands. A statement trigger fires also
 * when its insert takes no row: `POST /bots` refused by the hourly limit (one statement whose inserts
 * take their rows only when the limit allows, db/rate-limits.ts insertWithinWindow) would otherwise
 * commit a notification and wake the dispatcher for nothing.
 */
export class Migration20261128030000_notify_only_inserted_commands extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create function notify_inserted_workflow_commands() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from inserted_commands) then
          perform pg_notify('workflow_commands', '');
        end if;
        return null;
      end $$;
      drop trigger workflow_commands_notify on workflow_commands;
      create trigger workflow_commands_notify after insert on workflow_commands
        referencing new table as inserted_commands
        for each statement execute function notify_inserted_workflow_commands();
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop trigger workflow_commands_notify on workflow_commands;
      create trigger workflow_commands_notify after insert on workflow_commands for each statement execute function notify_workflow_command();
      drop function notify_inserted_workflow_commands();
    `);
  }
}
