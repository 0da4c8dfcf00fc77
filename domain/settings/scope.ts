import type { FieldIssue } from '../errors';

/**
 * Scope grammar of a settings assignment (spec: Settings assignment): `<kind>:<value>` conditions,
 * all of which must hold. Exactly one anchor (`accounts:`, `workspaces:`, `members:`); a
 * `meetings:mtg_…` condition implies its workspace, so the anchor may be left out with it.
 */
export const CATEGORIES = ['organized', 'internal', 'domain', 'external'] as const;
export type Category = (typeof CATEGORIES)[number];

export type Anchor =
  { kind: 'account'; id: string } | { kind: 'workspace'; id: string } | { kind: 'member'; id: string };

export type Scope = {
  /** Null only while a `meetings:mtg_…` scope waits for its implied workspace (see `withImpliedWorkspace`). */
  anchor: Anchor | null;
  meetingId: string | null;
  series: string | null;
  categories: Category[];
};

export const MAX_CONDITIONS = 8;
const ID = /^[0-9a-z]{26}$/;
const ANCHORS = { accounts: 'account', workspaces: 'workspace', members: 'member' } as const;
const PREFIX = { account: 'acc_', workspace: 'wks_', member: 'mem_' } as const;

/** Parses a scope, checking each condition on its own; every issue names the condition's index. */
export function parseScope(input: unknown, field = 'scope'): { scope: Scope | null; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  if (!Array.isArray(input))
    return {
      scope: null,
      issues: [
        { code: 'invalid_type', field, message: `${field} must be an array of conditions such as "workspaces:wks_…".` },
      ],
    };
  if (input.length === 0)
    return { scope: null, issues: [{ code: 'blank', field, message: `${field} needs at least one condition.` }] };
  if (input.length > MAX_CONDITIONS)
    return {
      scope: null,
      issues: [{ code: 'invalid', field, message: `${field} takes at most ${MAX_CONDITIONS} conditions.` }],
    };
  const scope: Scope = { anchor: null, meetingId: null, series: null, categories: [] };
  const seen = new Set<string>();
  input.forEach((raw, i) => {
    const at = `${field}.${i}`;
    const fail = (message: string) => issues.push({ code: 'invalid', field: at, message });
    if (typeof raw !== 'string')
      return void issues.push({ code: 'invalid_type', field: at, message: `${at} must be a string.` });
    const condition = raw.trim();
    if (seen.has(condition)) return fail(`${at} repeats the condition "${condition}".`);
    seen.add(condition);
    const colon = condition.indexOf(':');
    const kind = colon < 0 ? condition : condition.slice(0, colon);
    const value = colon < 0 ? '' : condition.slice(colon + 1);
    if (kind in ANCHORS) {
      const anchorKind = ANCHORS[kind as keyof typeof ANCHORS];
      const prefix = PREFIX[anchorKind];
      if (!value.startsWith(prefix) || !ID.test(value.slice(prefix.length)))
        return fail(`${at} must be "${kind}:${prefix}…" with a ${prefix} id.`);
      if (scope.anchor) return fail(`${at}: a scope names exactly one of accounts:, workspaces:, members:.`);
      scope.anchor = { kind: anchorKind, id: value };
      return;
    }
    if (kind === 'meetings') {
      if ((CATEGORIES as readonly string[]).includes(value)) {
        scope.categories.push(value as Category);
        return;
      }
      if (value.startsWith('mtg_') && ID.test(value.slice(4))) {
        if (scope.meetingId) return fail(`${at}: a scope names at most one meeting.`);
        scope.meetingId = value;
        return;
      }
      return fail(
        `${at} must be "meetings:mtg_…" or one of the categories meetings:${CATEGORIES.join(', meetings:')}.`,
      );
    }
    if (kind === 'calendar_event_series') {
      if (value.length === 0 || value.length > 1024)
        return fail(
          `${at} must be "calendar_event_series:<ical_uid>" with the event's iCalendar UID (at most 1024 characters).`,
        );
      if (scope.series) return fail(`${at}: a scope names at most one calendar event series.`);
      scope.series = value;
      return;
    }
    fail(
      `${at} has an unknown kind "${kind}": use accounts:, workspaces:, members:, meetings: or calendar_event_series:.`,
    );
  });
  if (issues.length) return { scope: null, issues };
  // Rules between conditions, reported at the condition that breaks them.
  const indexOf = (pred: (c: string) => boolean) => input.findIndex((c) => typeof c === 'string' && pred(c.trim()));
  const at = (i: number) => `${field}.${i}`;
  if (scope.anchor?.kind === 'account' && input.length > 1) {
    const i = indexOf((c) => !c.startsWith('accounts:'));
    issues.push({ code: 'invalid', field: at(i), message: `${at(i)}: an accounts: scope takes no other condition.` });
  }
  if (scope.meetingId) {
    if (scope.anchor?.kind === 'member') {
      const i = indexOf((c) => c.startsWith('members:'));
      issues.push({
        code: 'invalid',
        field: at(i),
        message: `${at(i)}: a scope with a meeting names no member (the meeting implies its workspace).`,
      });
    }
    for (const c of input as string[]) {
      const t = c.trim();
      if (
        t.startsWith('calendar_event_series:') ||
        (CATEGORIES as readonly string[]).includes(t.slice('meetings:'.length))
      ) {
        const i = input.indexOf(c);
        issues.push({
          code: 'invalid',
          field: at(i),
          message: `${at(i)}: a scope with one meeting takes no category or series (it already names the meeting).`,
        });
      }
    }
  }
  if (!scope.anchor && !scope.meetingId)
    issues.push({
      code: 'invalid',
      field,
      message: `${field} must name exactly one of accounts:, workspaces:, members:.`,
    });
  return issues.length ? { scope: null, issues } : { scope, issues };
}

/** The canonical conditions of a scope: anchor, meeting, series, then categories in a fixed order. */
export function canonicalScope(scope: Scope): string[] {
  const out: string[] = [];
  if (scope.anchor)
    out.push(
      `${{ account: 'accounts', workspace: 'workspaces', member: 'members' }[scope.anchor.kind]}:${scope.anchor.id}`,
    );
  if (scope.meetingId) out.push(`meetings:${scope.meetingId}`);
  if (scope.series) out.push(`calendar_event_series:${scope.series}`);
  for (const c of CATEGORIES) if (scope.categories.includes(c)) out.push(`meetings:${c}`);
  return out;
}

/**
 * How specific a scope is; resolution walks assignments from the most specific down (README ›
 * Settings): the meeting, a calendar event series, a member with categories, the member, the
 * workspace with categories, the workspace, the account. Within a level, more categories are more
 * specific, and a member-anchored series beats a workspace-anchored one.
 */
export function specificity(scope: Scope): number {
  const n = scope.categories.length;
  if (scope.meetingId) return 700;
  if (scope.series) return 600 + (scope.anchor?.kind === 'member' ? 50 : 0) + n;
  switch (scope.anchor!.kind) {
    case 'member':
      return n ? 500 + n : 400;
    case 'workspace':
      return n ? 300 + n : 200;
    case 'account':
      return 100;
  }
}
