import { Migration } from '@mikro-orm/migrations';

/**
 * bots.stop_requested_at: a bot's workflow, cancelled while its one results step runs (bots started
 * since 2026-11-28), asks the step through it to stop after the part in flight.
 */
export class Migration20261128020000_stop_requests extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table bots add column stop_requested_at timestamptz null;');
  }

  override async down(): Promise<void> {
    this.addSql('alter table bots drop column stop_requested_at;');
  }
}
