import { Migration } from '@mikro-orm/migrations';

/**
 * `locked_count(lock_key, counted, subject, since, lim)`: takes the transaction's advisory lock on
 * `lock_key`, then runs the counting query `counted` ($1 subject, $2 since, $3 lim) and answers its
 * one row, in one round trip. A VOLATILE function gives each query it runs a fresh snapshot (READ
 * COMMITTED), so the count sees every row committed by the lock's previous holder: a single statement
 * locking and counting would count with the snapshot taken before it waited. The sliding-window
 * limits (db/rate-limits.ts) hold the lock only from here to their commit (issue: speed).
 * `counted` is always one of the service's own constant queries, never text from a request.
 */
export class Migration20261126000000_locked_count extends Migration {
  override async up(): Promise<void> {
    this
      .addSql(`create or replace function locked_count(lock_key text, counted text, subject text, since timestamptz, lim int)
      returns table (n int, oldest timestamptz) language plpgsql volatile as $$
      begin
        perform pg_advisory_xact_lock(hashtext(lock_key));
        return query execute counted using subject, since, lim;
      end $$;`);
  }

  override async down(): Promise<void> {
    this.addSql('drop function locked_count(text, text, text, timestamptz, int);');
  }
}
