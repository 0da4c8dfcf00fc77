import { Migration } from '@mikro-orm/migrations';

/**
 * `locked_read(lock_query, lock_arg, read_query, keys)`: runs `lock_query` ($1 `lock_arg`), which
 * locks one row and answers its id, then, when it found one, runs `read_query` ($1 `keys`, $2 the
 * id) and answers its rows, in one round trip. A VOLATILE function gives each query it runs a fresh
 * snapshot (READ COMMITTED), so the read sees everything the lock's previous holder committed: one
 * statement locking and reading would read with the snapshot taken before it waited. A change of a
 * meeting (db/meetings.ts lockedMeetingWithBots) locks the meeting and reads it with its bots this
 * way (issue: speed). Both queries are always the service's own constant text, never a request's.
 */
export class Migration20261128040000_locked_read extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function locked_read(lock_query text, lock_arg text, read_query text, keys text[])
      returns setof json language plpgsql volatile as $$
      declare locked text;
      begin
        execute lock_query into locked using lock_arg;
        if locked is null then return; end if;
        return query execute read_query using keys, locked;
      end $$;`);
  }

  override async down(): Promise<void> {
    this.addSql('drop function locked_read(text, text, text, text[]);');
  }
}
