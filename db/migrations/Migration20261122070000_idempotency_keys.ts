import { Migration } from '@mikro-orm/migrations';

/** `Idempotency-Key` on POST: the first answer to a key is kept 24 hours and replayed to retries. */
export class Migration20261122070000_idempotency_keys extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table idempotency_keys (
        account_id text not null,
        key text not null,
        request_hash text not null,
        status integer,
        body jsonb,
        created_at timestamptz not null default now(),
        completed_at timestamptz,
        primary key (account_id, key)
      );
      create index idempotency_keys_created on idempotency_keys (created_at);
    `);
  }

  override async down(): Promise<void> {
    this.addSql('drop table idempotency_keys;');
  }
}
