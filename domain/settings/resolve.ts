import { withLegacy } from '../versions/types';
import { REMOVED_DEFAULTS, START_PATH, type LegacyValues } from './legacy';
import { specificity, type Category, type Scope } from './scope';
import { resolveValues, SETTING_PATHS, type ResolvedSettings, type SettingPath, type SettingValues } from './values';

/** An assignment with the values of its settings object, as resolution needs it. */
export type ReachingAssignment = {
  id: string;
  settingsId: string;
  /** The conditions as stored (canonical order). */
  conditions: string[];
  scope: Scope;
  own: boolean;
  createdAt: Date;
  values: SettingValues;
  /** What older pins wrote that the newest shape cannot hold (domain/settings/legacy.ts). */
  legacyValues?: LegacyValues;
};

/** What settings are resolved for: a workspace, a member, or one meeting. */
export type Target =
  | { kind: 'workspace'; workspaceId: string; accountId: string }
  | { kind: 'member'; workspaceId: string; accountId: string; memberId: string }
  | {
      kind: 'meeting';
      workspaceId: string;
      accountId: string;
      memberId: string | null;
      meetingId: string;
      icalUid: string | null;
      startsAt: Date | null;
      categories: Category[];
    };

export type Source = { assignment_id: string } | { assignment_id: null; reason: 'service_default' };
export type SettingsBlock = ResolvedSettings & {
  sources: Record<SettingPath, Source>;
  assignments: { id: string; settings_id: string; scope: string[]; own: boolean }[];
};

/**
 * Whether an assignment reaches a target. Every condition must hold. A member's block covers what
 * no category, series or meeting decides, and a workspace's what no member decides either, so
 * those scopes reach only meetings. A series reaches its occurrences from the assignment on.
 */
export function reaches(a: Pick<ReachingAssignment, 'scope' | 'createdAt'>, t: Target): boolean {
  const { anchor, meetingId, series, categories } = a.scope;
  if (anchor) {
    if (anchor.kind === 'account' && anchor.id !== t.accountId) return false;
    if (anchor.kind === 'workspace' && anchor.id !== t.workspaceId) return false;
    if (anchor.kind === 'member' && (t.kind === 'workspace' || t.memberId !== anchor.id)) return false;
  }
  if (meetingId || series || categories.length) {
    if (t.kind !== 'meeting') return false;
    if (meetingId && meetingId !== t.meetingId) return false;
    if (series && (series !== t.icalUid || (t.startsAt !== null && t.startsAt < a.createdAt))) return false;
    if (!categories.every((c) => t.categories.includes(c))) return false;
  }
  return true;
}

/** The order resolution walks: most specific first; between equals, the newest assignment (greatest id). */
export function walkOrder<A extends Pick<ReachingAssignment, 'id' | 'scope'>>(assignments: A[]): A[] {
  return inWalkOrder([...assignments]);
}

/** walkOrder in place (a target's few assignments: the rank is recomputed rather than wrapped). */
function inWalkOrder<A extends Pick<ReachingAssignment, 'id' | 'scope'>>(assignments: A[]): A[] {
  if (assignments.length < 2) return assignments;
  return assignments.sort(
    (x, y) => specificity(y.scope) - specificity(x.scope) || (x.id < y.id ? 1 : x.id > y.id ? -1 : 0),
  );
}

/** The source of every value no assignment sets (shared: representations are written, never changed in place). */
const DEFAULT_SOURCE: Source = Object.freeze({ assignment_id: null, reason: 'service_default' });
const REMOVED_ENTRIES = Object.entries(REMOVED_DEFAULTS);

/** The first assignment in walk order whose values (or older values) set `path`. */
function firstSetting(walk: ReachingAssignment[], path: string, legacy: boolean): ReachingAssignment | undefined {
  for (const a of walk) {
    const values = legacy ? a.legacyValues : (a.values as Record<string, unknown>);
    if (values && values[path] !== undefined) return a;
  }
  return undefined;
}

/** For each path, the value of the first assignment in walk order that sets it, else the service default. */
export function resolve(target: Target, assignments: ReachingAssignment[]): SettingsBlock {
  const walk = inWalkOrder(assignments.filter((a) => reaches(a, target)));
  const values: SettingValues = {};
  const sources = {} as Record<SettingPath, Source>;
  for (const path of SETTING_PATHS) {
    const from = firstSetting(walk, path, false);
    if (from) values[path] = from.values[path];
    sources[path] = from ? { assignment_id: from.id } : DEFAULT_SOURCE;
  }
  // The fresh values object becomes the block (no copy).
  const block: SettingsBlock = Object.assign(resolveValues(values), {
    sources,
    assignments: walk.map((a) => ({ id: a.id, settings_id: a.settingsId, scope: a.conditions, own: a.own })),
  });
  // Older pins read the removed policy fields resolved the same way, and `start` in the word the
  // deciding layer wrote; the facts ride under a symbol, so no newest body or digest sees them.
  const removed: LegacyValues = {};
  const removedSources: Record<string, Source> = {};
  for (const [path, fallback] of REMOVED_ENTRIES) {
    const from = firstSetting(walk, path, true);
    removed[path] = from ? from.legacyValues![path] : fallback;
    removedSources[path] = from ? { assignment_id: from.id } : DEFAULT_SOURCE;
  }
  const startFrom = firstSetting(walk, START_PATH, false);
  const olderStart = startFrom?.legacyValues?.[START_PATH];
  return withLegacy(block, {
    removed_settings: removed,
    removed_sources: removedSources,
    ...(typeof olderStart === 'string' ? { older_start: olderStart } : {}),
  });
}

export type Person = { email: string | null; member_id: string | null };

/**
 * The categories a meeting falls in, from its people (participants and organizer) against the
 * workspace's members and its member's email domain (README › Settings). A meeting whose people are
 * unknown is in none of internal, domain and external.
 */
export function meetingCategories(m: {
  memberId: string | null;
  memberEmail: string | null;
  organizer: Person | null;
  participants: Person[];
}): Category[] {
  const people = new Map<string, Person>();
  for (const p of [...m.participants, ...(m.organizer ? [m.organizer] : [])]) {
    const key = p.email?.toLowerCase() ?? p.member_id;
    if (key) people.set(key, p);
  }
  const everyone = [...people.values()];
  const out: Category[] = [];
  const organizer = m.organizer;
  const memberEmail = m.memberEmail?.toLowerCase() ?? null;
  if (
    m.memberId &&
    organizer &&
    (organizer.member_id === m.memberId || (memberEmail !== null && organizer.email?.toLowerCase() === memberEmail))
  )
    out.push('organized');
  if (everyone.length > 0 && everyone.every((p) => p.member_id !== null)) out.push('internal');
  const domain = memberEmail?.split('@')[1];
  if (domain && everyone.length > 0 && everyone.every((p) => p.email?.toLowerCase().endsWith(`@${domain}`)))
    out.push('domain');
  if (everyone.some((p) => p.member_id === null)) out.push('external');
  return out;
}
