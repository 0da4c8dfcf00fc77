import { Migration } from '@mikro-orm/migrations';

/**
 * Calendar events live on their meeting (one event per meeting, the same for every member who has
 * it): the occurrence key makes one meeting per occurrence per workspace. Bots remember whether a
 * calendar scheduled them; one meeting has at most one live calendar bot.
 */
export class Migration20261122040000_calendar_events extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table meetings add column occurrence_key text;
      alter table meetings add column calendar_event jsonb;
      create unique index meetings_occurrence on meetings (workspace_id, ical_uid, occurrence_key) where occurrence_key is not null;
      alter table bots add column origin text not null default 'api' check (origin in ('api', 'calendar'));
      create unique index bots_one_live_calendar_bot on bots (meeting_id) where origin = 'calendar' and status in ('queued', 'joining', 'in_call');
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop index bots_one_live_calendar_bot; alter table bots drop column origin;
      drop index meetings_occurrence; alter table meetings drop column calendar_event; alter table meetings drop column occurrence_key;
    `);
  }
}
