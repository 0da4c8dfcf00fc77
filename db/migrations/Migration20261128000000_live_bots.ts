import { Migration } from '@mikro-orm/migrations';

/**
 * The bots still live (queued to processing) by when they last changed: the ended-bot janitor
 * (workflows/maintenance.ts) pages through them to find bots whose workflow ended without ending them.
 */
export class Migration20261128000000_live_bots extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index bots_live_by_change on bots (updated_at, id) where status in ('queued', 'joining', 'in_call', 'processing');`,
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop index bots_live_by_change;');
  }
}
