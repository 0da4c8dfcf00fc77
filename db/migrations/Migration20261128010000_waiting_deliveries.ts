import { Migration } from '@mikro-orm/migrations';

/**
 * The pending deliveries a retry workflow owns (their first attempt made), by their last attempt:
 * the ended-delivery janitor (workflows/maintenance.ts) pages through them to find deliveries whose
 * workflow ended without ending them.
 */
export class Migration20261128010000_waiting_deliveries extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index webhook_deliveries_waiting on webhook_deliveries ((coalesce(last_attempt_at, created_at)), event_id, endpoint_id) where status = 'pending' and not first_attempt_due;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop index webhook_deliveries_waiting;');
  }
}
