import { Migration } from '@mikro-orm/migrations';

/**
 * `locked_window(kind, subject, since, lim)`: what `locked_count` does (the transaction's advisory
 * lock on `kind:subject`, then the newest `lim` rows of the subject created after `since`: how many,
 * and the oldest), with each kind's counting query written in the function instead of passed as text
 * and run by `EXECUTE`. PL/pgSQL plans an `EXECUTE` at every call (pg_stat_statements: 0.19 ms a
 * call, a tenth of a `POST /bots` statement's time in the database); its own queries are planned once
 * per connection (`force_generic_plan`: the plan walks the subject's index from the newest row, whatever
 * the values). VOLATILE: each query takes its snapshot when it starts, after the lock, so the count
 * sees every row committed by the lock's previous holder (READ COMMITTED).
 *
 * The lock key is `locked_count`'s, so processes of the build before, still calling `locked_count`
 * during a rolling deploy, take the same lock. `locked_count` stays for them.
 */
export class Migration20261129000000_locked_window extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function locked_window(kind text, subject text, since timestamptz, lim int)
      returns table (n int, oldest timestamptz) language plpgsql volatile
      set plan_cache_mode = force_generic_plan
      as $$
      begin
        perform pg_advisory_xact_lock(hashtext(kind || ':' || subject));
        if kind = 'bots' then
          -- POST /bots only: bots a calendar schedules are not sent through the API.
          return query select count(*)::int, min(r.created_at) from (
            select b.created_at from bots b
             where b.workspace_id = subject and b.origin = 'api' and b.created_at > since
             order by b.created_at desc limit lim) r;
        elsif kind = 'members' then
          return query select count(*)::int, min(r.created_at) from (
            select m.created_at from members m
             where m.workspace_id = subject and m.created_at > since
             order by m.created_at desc limit lim) r;
        elsif kind = 'workspaces' then
          return query select count(*)::int, min(r.created_at) from (
            select w.created_at from workspaces w
             where w.created_by = subject and w.created_at > since
             order by w.created_at desc limit lim) r;
        else
          raise exception 'locked_window: no window of kind %', kind using errcode = '22023';
        end if;
      end $$;`);
  }

  override async down(): Promise<void> {
    this.addSql('drop function locked_window(text, text, timestamptz, int);');
  }
}
