import { Migration } from '@mikro-orm/migrations';

/**
 * Endpoint health: since when every attempt to an endpoint failed, and why it was disabled. And the
 * index the retention workflow walks (oldest events first).
 */
export class Migration20261123110000_endpoint_health extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'alter table webhook_endpoints add column failing_since timestamptz null, add column disabled_reason text null;',
    );
    this.addSql('create index webhook_events_created on webhook_events (created_at);');
  }

  override async down(): Promise<void> {
    this.addSql('drop index webhook_events_created;');
    this.addSql('alter table webhook_endpoints drop column failing_since, drop column disabled_reason;');
  }
}
