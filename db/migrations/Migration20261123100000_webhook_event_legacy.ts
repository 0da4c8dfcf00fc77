import { Migration } from '@mikro-orm/migrations';

/**
 * What older versions of an event's object read that its newest shape does not carry (a bot's
 * results before 2026-10-12, …), stored with the event so every pin renders it as it was then.
 */
export class Migration20261123100000_webhook_event_legacy extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table webhook_events add column legacy jsonb null;');
  }

  override async down(): Promise<void> {
    this.addSql('alter table webhook_events drop column legacy;');
  }
}
