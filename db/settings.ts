import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '../domain/ids';
import {
  canonicalScope,
  meetingCategories,
  parseScope,
  resolve,
  specificity,
  type LegacyValues,
  type ReachingAssignment,
  type Scope,
  type SettingsBlock,
  type SettingValues,
  type Target,
} from '../domain/settings';
import { executeBound } from './bulk';
import { Settings, SettingsAssignment, type Meeting, type Member, type OwnKind, type Workspace } from './entities';

/**
 * An assignment row: its canonical scope and the columns resolution loads by: the account of an
 * account scope, else the workspace the scope lives in (`workspaceId`, a member's included).
 */
export function assignmentRow(
  id: string,
  settingsId: string,
  scope: Scope,
  workspaceId: string | null,
  createdAt = new Date(),
): SettingsAssignment {
  const conditions = canonicalScope(scope);
  const anchor = scope.anchor!;
  return Object.assign(new SettingsAssignment(), {
    id,
    settingsId,
    scope: conditions,
    scopeKey: conditions.join('|'),
    accountId: anchor.kind === 'account' ? anchor.id : null,
    workspaceId: anchor.kind === 'account' ? null : workspaceId,
    memberId: anchor.kind === 'member' ? anchor.id : null,
    meetingId: scope.meetingId,
    specificity: specificity(scope),
    createdAt,
  });
}

/** What an own settings object is for: a workspace, member or meeting (ids chosen beforehand or new). */
export type OwnSettingsOf = {
  kind: OwnKind;
  id: string;
  workspaceId: string;
  values?: SettingValues;
  settingsId?: string;
  assignmentId?: string;
};

/** The own settings of a workspace, member or meeting and their assignment to its own scope, not yet written. */
export function ownSettingsRows(
  own: OwnSettingsOf,
  now = new Date(),
): { settings: Settings; assignment: SettingsAssignment } {
  const settings = Object.assign(new Settings(), {
    id: own.settingsId ?? newId('settings'),
    workspaceId: own.workspaceId,
    values: own.values ?? {},
    ownKind: own.kind,
    ownId: own.id,
    createdAt: now,
    updatedAt: now,
  });
  const scope: Scope = {
    anchor: own.kind === 'member' ? { kind: 'member', id: own.id } : { kind: 'workspace', id: own.workspaceId },
    meetingId: own.kind === 'meeting' ? own.id : null,
    series: null,
    categories: [],
  };
  const assignment = assignmentRow(
    own.assignmentId ?? newId('settingsAssignment'),
    settings.id,
    scope,
    own.workspaceId,
    now,
  );
  return { settings, assignment };
}

/**
 * Writes the own settings of a workspace, member or meeting and their assignment to its own scope,
 * in the caller's transaction, after the owner's row (they reference it) and in foreign-key order.
 */
export async function persistOwnSettings(
  em: EntityManager,
  own: OwnSettingsOf,
): Promise<{ settings: Settings; assignment: SettingsAssignment }> {
  const { settings, assignment } = ownSettingsRows(own);
  await em.persist(settings).flush();
  await em.persist(assignment).flush();
  return { settings, assignment };
}

type Row = {
  id: string;
  settings_id: string;
  scope: string[];
  scope_key: string;
  created_at: Date;
  values: SettingValues;
  legacy_values: LegacyValues;
  own_kind: string | null;
};

const unique = (ids: Iterable<string>) => [...new Set(ids)];

// Stored scopes parsed once per process (a page of meetings reads hundreds of them on every request);
// frozen, since every assignment with the same conditions shares one.
const parsedScopes = new Map<string, Scope>();
function storedScope(conditions: string[], key = conditions.join('|')): Scope {
  let scope = parsedScopes.get(key);
  if (!scope) {
    if (parsedScopes.size >= 100_000) parsedScopes.clear();
    scope = parseScope(conditions).scope!;
    Object.freeze(scope.categories);
    if (scope.anchor) Object.freeze(scope.anchor);
    parsedScopes.set(key, Object.freeze(scope));
  }
  return scope;
}

/** Every assignment that may reach the given objects, with its settings' values, in one query. */
async function loadCandidates(
  em: EntityManager,
  q: { accountIds: string[]; workspaceIds: string[]; memberIds: string[]; meetingIds: string[] },
): Promise<ReachingAssignment[]> {
  // One statement: a function (migration 20261127000000) whose union of four branches, each on its
  // own index, PostgreSQL plans once per connection. The ids travel as four array parameters.
  const rows = await executeBound<Row>(
    em,
    'select * from settings_candidates(?::text[], ?::text[], ?::text[], ?::text[])',
    [unique(q.accountIds), unique(q.workspaceIds), unique(q.memberIds), unique(q.meetingIds)],
    { prepared: true }, // the function's columns are fixed by its signature
  );
  return rows.map(candidateOf);
}

/** A row of settings_candidates as resolution takes it. */
function candidateOf(r: Row): ReachingAssignment {
  return {
    id: r.id,
    settingsId: r.settings_id,
    conditions: r.scope,
    scope: storedScope(r.scope, r.scope_key),
    own: r.own_kind !== null,
    createdAt: new Date(r.created_at),
    values: r.values,
    legacyValues: r.legacy_values,
  };
}

/**
 * What resolving one meeting's settings reads, as columns of a statement that reads the meeting
 * (alias `m`) anyway, so a status change or an activity's read costs no statement for its settings:
 * the assignments that may reach it (settings_candidates, as JSON), its member's email and its
 * workspace's account. `settingsInputsOf` takes them from the row.
 */
export const MEETING_SETTINGS_INPUTS_SQL = `(select coalesce(json_agg(c), '[]'::json) from settings_candidates(
      array(select w.created_by from workspaces w where w.id = m.workspace_id), array[m.workspace_id],
      array_remove(array[m.member_id], null), array[m.id]) c) as settings_candidates,
    (select mem.email from members mem where mem.id = m.member_id) as settings_member_email,
    (select w.created_by from workspaces w where w.id = m.workspace_id) as settings_account_id,
    m.member_id as settings_member_id`;

/** A meeting's settings inputs as read with MEETING_SETTINGS_INPUTS_SQL: for the member it had then. */
export type MeetingSettingsInputs = {
  memberId: string | null;
  memberEmail: string | null;
  accountId: string;
  candidates: Row[];
};

/** The inputs from a row that selected MEETING_SETTINGS_INPUTS_SQL. */
export function settingsInputsOf(row: Record<string, unknown>): MeetingSettingsInputs {
  return {
    memberId: (row.settings_member_id as string | null) ?? null,
    memberEmail: (row.settings_member_email as string | null) ?? null,
    accountId: (row.settings_account_id as string | null) ?? '',
    candidates: row.settings_candidates as Row[],
  };
}

/**
 * Who created each workspace, as this process last read it: `workspaces.created_by` is written once,
 * when the workspace is created, and never changes (ids are never reused), so it cannot go stale.
 * The oldest entries go first beyond CREATORS_KEPT.
 */
const creators = new Map<string, string>();
const CREATORS_KEPT = 10_000;

/**
 * Accounts whose `accounts:` scopes reach each workspace: the account that created it. Every
 * settings resolution needs it (the worker resolves a meeting's settings at each status change of
 * its bot), so it is read once per workspace (`creators`).
 */
async function accountsOf(em: EntityManager, workspaceIds: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const missing: string[] = [];
  for (const id of new Set(workspaceIds)) {
    const creator = creators.get(id);
    if (creator === undefined) missing.push(id);
    else out.set(id, creator);
  }
  if (missing.length === 0) return out;
  const rows = await em.execute<{ id: string; created_by: string }[]>(
    'select id, created_by from workspaces where id in (?)',
    [missing],
  );
  for (const r of rows) {
    out.set(r.id, r.created_by);
    creators.set(r.id, r.created_by);
    if (creators.size > CREATORS_KEPT) creators.delete(creators.keys().next().value!);
  }
  return out;
}

/**
 * Settings blocks of many meetings with a bounded number of queries (three, whatever the count):
 * the workspaces' accounts, the members' emails for categories (none when no meeting has a member),
 * and every candidate assignment; one when the caller already read the accounts and emails (`known`:
 * a list page does, and POST /bots and a push through settingsForNewMeetings).
 */
export async function settingsForMeetings(
  em: EntityManager,
  meetings: Meeting[],
  known: KnownForSettings = {},
): Promise<Map<string, SettingsBlock>> {
  return resolveMeetings(em, meetings, known, []);
}

/** What a caller of settings resolution may have read already. */
export type KnownForSettings = {
  /** The account that created each workspace of these meetings (`workspaces.created_by`). */
  accounts?: Map<string, string>;
  /** The email of each member of these meetings (`members.email`). */
  emails?: Map<string, string | null>;
};

/**
 * settingsForMeetings for meetings not yet written, each with its own settings and assignment
 * (ownSettingsRows), not yet written either: nothing can reach a new meeting by its id but its own
 * assignment, so that one is taken as it is here instead of being read back after an insert, and
 * every row of a new meeting can then be written in one statement with the digest of its settings.
 */
export async function settingsForNewMeetings(
  em: EntityManager,
  meetings: Meeting[],
  own: { settings: Settings; assignment: SettingsAssignment }[],
  known: KnownForSettings = {},
): Promise<Map<string, SettingsBlock>> {
  return resolveMeetings(
    em,
    meetings,
    known,
    own.map(({ settings, assignment }) => ({
      id: assignment.id,
      settingsId: settings.id,
      conditions: assignment.scope,
      scope: storedScope(assignment.scope, assignment.scopeKey),
      own: true,
      createdAt: assignment.createdAt,
      values: settings.values,
      legacyValues: settings.legacyValues,
    })),
  );
}

/**
 * The meetings' blocks from the candidate assignments read from the database and those in
 * `unwritten` (new meetings' own assignments, not yet written: nothing is read by those meetings' ids).
 */
async function resolveMeetings(
  em: EntityManager,
  meetings: Meeting[],
  known: KnownForSettings,
  unwritten: ReachingAssignment[],
): Promise<Map<string, SettingsBlock>> {
  const out = new Map<string, SettingsBlock>();
  if (meetings.length === 0) return out;
  const workspaceIds = meetings.map((m) => m.workspaceId);
  const memberIds = meetings.flatMap((m) => (m.memberId ? [m.memberId] : []));
  const [accounts, emails] = await Promise.all([
    known.accounts ?? accountsOf(em, workspaceIds),
    known.emails ??
      (memberIds.length === 0
        ? new Map<string, string | null>()
        : em
            .execute<{ id: string; email: string | null }[]>('select id, email from members where id in (?)', [
              memberIds,
            ])
            .then((rows) => new Map(rows.map((r) => [r.id, r.email])))),
  ]);
  const fresh = new Set(unwritten.map((a) => a.scope.meetingId));
  const candidates = byAnchor([
    ...(await loadCandidates(em, {
      accountIds: [...accounts.values()],
      workspaceIds,
      memberIds,
      meetingIds: meetings.flatMap((m) => (fresh.has(m.id) ? [] : [m.id])),
    })),
    ...unwritten,
  ]);
  for (const m of meetings) {
    const target = meetingTarget(
      m,
      accounts.get(m.workspaceId) ?? '',
      m.memberId ? (emails.get(m.memberId) ?? null) : null,
    );
    out.set(m.id, resolve(target, candidates.for(target)));
  }
  return out;
}

/** What settings are resolved for: the meeting, in its workspace and account, with its categories. */
function meetingTarget(m: Meeting, accountId: string, memberEmail: string | null): Target {
  return {
    kind: 'meeting',
    workspaceId: m.workspaceId,
    accountId,
    memberId: m.memberId,
    meetingId: m.id,
    icalUid: m.icalUid,
    startsAt: m.startsAt,
    categories: meetingCategories({
      memberId: m.memberId,
      memberEmail,
      organizer: m.organizer,
      participants: m.participants,
    }),
  };
}

/** Candidates grouped by what they are anchored on, so each target looks only at its own (a page would otherwise test every pair). */
function byAnchor(candidates: ReachingAssignment[]) {
  const groups = new Map<string, ReachingAssignment[]>();
  for (const a of candidates) {
    const key = a.scope.meetingId ?? a.scope.anchor!.id;
    const group = groups.get(key);
    if (group) group.push(a);
    else groups.set(key, [a]);
  }
  return {
    for: (t: Target) => {
      const out: ReachingAssignment[] = [];
      const keys = [t.accountId, t.workspaceId, t.kind === 'workspace' ? null : t.memberId];
      if (t.kind === 'meeting') keys.push(t.meetingId);
      for (const key of keys) if (key) for (const a of groups.get(key) ?? []) out.push(a);
      return out;
    },
  };
}

/**
 * One meeting's settings block. With `inputs` read with the meeting (MEETING_SETTINGS_INPUTS_SQL),
 * no statement, unless the meeting's member changed since they were read: then, as without them,
 * the block is read (settingsForMeetings).
 */
export async function settingsForMeeting(
  em: EntityManager,
  meeting: Meeting,
  inputs?: MeetingSettingsInputs,
): Promise<SettingsBlock> {
  if (inputs && inputs.memberId === meeting.memberId) {
    const target = meetingTarget(meeting, inputs.accountId, meeting.memberId ? inputs.memberEmail : null);
    return resolve(target, byAnchor(inputs.candidates.map(candidateOf)).for(target));
  }
  return (await settingsForMeetings(em, [meeting])).get(meeting.id)!;
}

/** Settings blocks of members: what applies to their meetings that no category, series or meeting decides. */
export async function settingsForMembers(em: EntityManager, members: Member[]): Promise<Map<string, SettingsBlock>> {
  const out = new Map<string, SettingsBlock>();
  if (members.length === 0) return out;
  const workspaceIds = members.map((m) => m.workspaceId);
  const accounts = await accountsOf(em, workspaceIds);
  const candidates = await loadCandidates(em, {
    accountIds: [...accounts.values()],
    workspaceIds,
    memberIds: members.map((m) => m.id),
    meetingIds: [],
  });
  for (const m of members)
    out.set(
      m.id,
      resolve(
        { kind: 'member', workspaceId: m.workspaceId, accountId: accounts.get(m.workspaceId) ?? '', memberId: m.id },
        candidates,
      ),
    );
  return out;
}

/** Settings blocks of workspaces: what no member, category, series or meeting decides. */
export async function settingsForWorkspaces(
  em: EntityManager,
  workspaces: Pick<Workspace, 'id' | 'createdBy'>[],
): Promise<Map<string, SettingsBlock>> {
  const out = new Map<string, SettingsBlock>();
  if (workspaces.length === 0) return out;
  const candidates = await loadCandidates(em, {
    accountIds: workspaces.map((w) => w.createdBy),
    workspaceIds: workspaces.map((w) => w.id),
    memberIds: [],
    meetingIds: [],
  });
  for (const w of workspaces)
    out.set(w.id, resolve({ kind: 'workspace', workspaceId: w.id, accountId: w.createdBy }, candidates));
  return out;
}

/** A stable digest of a settings block: what a meeting last published, to tell whether a change changed it. */
export function settingsDigest(block: SettingsBlock): string {
  return createHash('sha256').update(JSON.stringify(block)).digest('base64url');
}

/** Key of a workspace's settings advisory lock: writers hold it exclusively until commit, the fan-out shared. */
export const settingsLockKey = (workspaceId: string) => `settings:${workspaceId}`;

/** A settings writer's hold on a workspace's settings, exclusive until its transaction ends. */
export async function lockWorkspaceSettings(em: EntityManager, workspaceId: string): Promise<void> {
  await em.execute('select pg_advisory_xact_lock(hashtext(?))', [settingsLockKey(workspaceId)]);
}

/** The readers' side of the same lock (the fan-out): shared, so batches run together but never beside a writer. */
export async function lockWorkspaceSettingsShared(em: EntityManager, workspaceId: string): Promise<void> {
  await em.execute('select pg_advisory_xact_lock_shared(hashtext(?))', [settingsLockKey(workspaceId)]);
}

/**
 * A workspace's settings objects in the order GET /settings lists them, after a key, as keys:
 * the workspace's own (g 0, k ''), its named ones (g 0, k '~'), then each member's own (g 1, k the
 * member id; deleted members' left out). Meetings' own settings are not listed.
 */
export async function listedSettings(
  em: EntityManager,
  workspaceId: string,
  after: { g: number; k: string; id: string } | null,
  limit: number,
): Promise<{ id: string; g: number; k: string }[]> {
  return em.execute<{ id: string; g: number; k: string }[]>(
    `select id, g, k from (
       select s.id, case when s.own_kind = 'member' then 1 else 0 end as g,
              case when s.own_kind = 'member' then s.own_id when s.own_kind = 'workspace' then '' else '~' end as k
         from settings s left join members mem on s.own_kind = 'member' and mem.id = s.own_id
        where s.workspace_id = ? and (s.own_kind is null or s.own_kind = 'workspace' or (s.own_kind = 'member' and mem.deleted_at is null))
     ) x where (g, k, id) > (?, ?, ?) order by g, k, id limit ?`,
    [workspaceId, after?.g ?? -1, after?.k ?? '', after?.id ?? '', limit],
  );
}

/**
 * A workspace's assignments in the order GET /settings_assignments lists them (the order resolution
 * walks), after a key, as keys: the workspace's (g 0), then each member's (g 1, k the member id;
 * deleted members' left out); within each, most specific first (r), then newest first (id
 * descending). Meetings' own assignments are not listed; `own` tells an own settings' assignment.
 */
export async function listedAssignments(
  em: EntityManager,
  workspaceId: string,
  after: { g: number; k: string; r: number; id: string } | null,
  limit: number,
): Promise<{ id: string; g: number; k: string; r: number; own: boolean }[]> {
  return em.execute<{ id: string; g: number; k: string; r: number; own: boolean }[]>(
    `select * from (
       select a.id, case when a.member_id is null then 0 else 1 end as g, coalesce(a.member_id, '') as k, 1000 - a.specificity as r, s.own_kind is not null as own
         from settings_assignments a join settings s on s.id = a.settings_id left join members mem on mem.id = a.member_id
        where a.workspace_id = ? and a.meeting_id is null and (a.member_id is null or mem.deleted_at is null)
     ) x where (g, k, r) > (?, ?, ?) or ((g, k, r) = (?, ?, ?) and id < ?)
     order by g, k, r, id desc limit ?`,
    [
      workspaceId,
      after?.g ?? -1,
      after?.k ?? '',
      after?.r ?? 0,
      after?.g ?? -1,
      after?.k ?? '',
      after?.r ?? 0,
      after?.id ?? '',
      limit,
    ],
  );
}

/** Ids of a workspace's settings whose `summary.template` names a template (the first `limit`). */
export async function settingsNamingTemplate(
  em: EntityManager,
  workspaceId: string,
  templateId: string,
  limit: number,
): Promise<string[]> {
  const rows = await em.execute<{ id: string }[]>(
    `select id from settings where workspace_id = ? and "values"->>'summary.template' = ? order by id limit ?`,
    [workspaceId, templateId, limit],
  );
  return rows.map((r) => r.id);
}
