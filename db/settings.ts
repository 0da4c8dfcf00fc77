import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '../domain/ids';
import {
  canonicalScope,
  meetingCategories,
  parseScope,
  resolve,
  specificity,
  type ReachingAssignment,
  type Scope,
  type SettingsBlock,
  type SettingValues,
  type Target,
} from '../domain/settings';
import { Settings, SettingsAssignment, type Meeting, type Member, type OwnKind, type Workspace } from './entities';

/**
 * An assignment row: its canonical scope and the columns resolution loads by: the account of an
 * account scope, else the workspace the scope lives in (`workspaceId`, a member's included).
 */
export function assignmentRow(id: string, settingsId: string, scope: Scope, workspaceId: string | null, createdAt = new Date()): SettingsAssignment {
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

/**
 * Writes the own settings of a workspace, member or meeting and their assignment to its own scope,
 * in the caller's transaction, after the owner's row (they reference it) and in foreign-key order.
 */
export async function persistOwnSettings(
  em: EntityManager,
  own: { kind: OwnKind; id: string; workspaceId: string; values?: SettingValues; settingsId?: string; assignmentId?: string },
): Promise<{ settings: Settings; assignment: SettingsAssignment }> {
  const now = new Date();
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
  const assignment = assignmentRow(own.assignmentId ?? newId('settingsAssignment'), settings.id, scope, own.workspaceId, now);
  await em.persist(settings).flush();
  await em.persist(assignment).flush();
  return { settings, assignment };
}

type Row = { id: string; settings_id: string; scope: string[]; created_at: Date; values: SettingValues; own_kind: string | null };

const orNone = (ids: Iterable<string>) => {
  const list = [...new Set(ids)];
  return list.length ? list : [''];
};

/** Every assignment that may reach the given objects, with its settings' values, in one query. */
async function loadCandidates(em: EntityManager, q: { accountIds: string[]; workspaceIds: string[]; memberIds: string[]; meetingIds: string[] }): Promise<ReachingAssignment[]> {
  // One statement, each branch on its own index (a workspace holds an assignment per meeting).
  const columns = 'a.id, a.settings_id, a.scope, a.created_at, s."values", s.own_kind';
  const from = 'settings_assignments a join settings s on s.id = a.settings_id';
  const rows = await em.execute<Row[]>(
    `select ${columns} from ${from} where a.account_id in (?)
     union all select ${columns} from ${from} where a.workspace_id in (?) and a.member_id is null and a.meeting_id is null
     union all select ${columns} from ${from} where a.member_id in (?) and a.meeting_id is null
     union all select ${columns} from ${from} where a.meeting_id in (?)`,
    [orNone(q.accountIds), orNone(q.workspaceIds), orNone(q.memberIds), orNone(q.meetingIds)],
  );
  return rows.map((r) => ({
    id: r.id,
    settingsId: r.settings_id,
    conditions: r.scope,
    scope: parseScope(r.scope).scope!,
    own: r.own_kind !== null,
    createdAt: new Date(r.created_at),
    values: r.values,
  }));
}

/** Accounts whose `accounts:` scopes reach each workspace: the account that created it. */
async function accountsOf(em: EntityManager, workspaceIds: string[]): Promise<Map<string, string>> {
  const rows = await em.execute<{ id: string; created_by: string }[]>('select id, created_by from workspaces where id in (?)', [orNone(workspaceIds)]);
  return new Map(rows.map((r) => [r.id, r.created_by]));
}

/**
 * Settings blocks of many meetings with a bounded number of queries (three, whatever the count):
 * the workspaces' accounts, the members' emails for categories, and every candidate assignment.
 */
export async function settingsForMeetings(em: EntityManager, meetings: Meeting[]): Promise<Map<string, SettingsBlock>> {
  const out = new Map<string, SettingsBlock>();
  if (meetings.length === 0) return out;
  const workspaceIds = meetings.map((m) => m.workspaceId);
  const memberIds = meetings.flatMap((m) => (m.memberId ? [m.memberId] : []));
  const [accounts, emails] = await Promise.all([
    accountsOf(em, workspaceIds),
    em.execute<{ id: string; email: string | null }[]>('select id, email from members where id in (?)', [orNone(memberIds)]).then((rows) => new Map(rows.map((r) => [r.id, r.email]))),
  ]);
  const candidates = byAnchor(await loadCandidates(em, { accountIds: [...accounts.values()], workspaceIds, memberIds, meetingIds: meetings.map((m) => m.id) }));
  for (const m of meetings) {
    const target: Target = {
      kind: 'meeting',
      workspaceId: m.workspaceId,
      accountId: accounts.get(m.workspaceId) ?? '',
      memberId: m.memberId,
      meetingId: m.id,
      icalUid: m.icalUid,
      startsAt: m.startsAt,
      categories: meetingCategories({ memberId: m.memberId, memberEmail: m.memberId ? (emails.get(m.memberId) ?? null) : null, organizer: m.organizer, participants: m.participants }),
    };
    out.set(m.id, resolve(target, candidates.for(target)));
  }
  return out;
}

/** Candidates grouped by what they are anchored on, so each target looks only at its own (a page would otherwise test every pair). */
function byAnchor(candidates: ReachingAssignment[]) {
  const groups = new Map<string, ReachingAssignment[]>();
  for (const a of candidates) {
    const key = a.scope.meetingId ?? a.scope.anchor!.id;
    groups.set(key, [...(groups.get(key) ?? []), a]);
  }
  const of = (key: string | null) => (key ? (groups.get(key) ?? []) : []);
  return {
    for: (t: Target) => [...of(t.accountId), ...of(t.workspaceId), ...(t.kind === 'workspace' ? [] : of(t.memberId)), ...(t.kind === 'meeting' ? of(t.meetingId) : [])],
  };
}

export async function settingsForMeeting(em: EntityManager, meeting: Meeting): Promise<SettingsBlock> {
  return (await settingsForMeetings(em, [meeting])).get(meeting.id)!;
}

/** Settings blocks of members: what applies to their meetings that no category, series or meeting decides. */
export async function settingsForMembers(em: EntityManager, members: Member[]): Promise<Map<string, SettingsBlock>> {
  const out = new Map<string, SettingsBlock>();
  if (members.length === 0) return out;
  const workspaceIds = members.map((m) => m.workspaceId);
  const accounts = await accountsOf(em, workspaceIds);
  const candidates = await loadCandidates(em, { accountIds: [...accounts.values()], workspaceIds, memberIds: members.map((m) => m.id), meetingIds: [] });
  for (const m of members) out.set(m.id, resolve({ kind: 'member', workspaceId: m.workspaceId, accountId: accounts.get(m.workspaceId) ?? '', memberId: m.id }, candidates));
  return out;
}

/** Settings blocks of workspaces: what no member, category, series or meeting decides. */
export async function settingsForWorkspaces(em: EntityManager, workspaces: Workspace[]): Promise<Map<string, SettingsBlock>> {
  const out = new Map<string, SettingsBlock>();
  if (workspaces.length === 0) return out;
  const candidates = await loadCandidates(em, { accountIds: workspaces.map((w) => w.createdBy), workspaceIds: workspaces.map((w) => w.id), memberIds: [], meetingIds: [] });
  for (const w of workspaces) out.set(w.id, resolve({ kind: 'workspace', workspaceId: w.id, accountId: w.createdBy }, candidates));
  return out;
}

/** A stable digest of a settings block: what a meeting last published, to tell whether a change changed it. */
export function settingsDigest(block: SettingsBlock): string {
  return createHash('sha256').update(JSON.stringify(block)).digest('base64url');
}

/** Key of a workspace's settings advisory lock: writers hold it exclusively until commit, the fan-out shared. */
export const settingsLockKey = (workspaceId: string) => `settings:${workspaceId}`;
