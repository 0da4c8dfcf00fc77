import { release20261012 } from './2026-10-12';

/** A resource's representation, as the serializers write it (newest shape). */
export type Representation = Record<string, unknown>;

/** The resource kinds a change module may rewrite. */
export type ResourceKind = 'workspace' | 'member' | 'bot' | 'meeting' | 'meeting_results';

export type VersionContext = {
  /** The time zone offset, in minutes east of UTC, of the server's own clock (older pins read server-offset timestamps). */
  serverOffsetMinutes: number;
};

/** One breaking release: how each resource it touched looked in the version before it. */
export type ChangeModule = {
  version: string;
  title: string;
  changes: string[];
  downgrade: Partial<Record<ResourceKind, (representation: Representation, ctx: VersionContext) => Representation>>;
};

/**
 * Every version date the API knows, oldest first (spec: Versioning). Releases without a
 * change module here changed only parts of the interface this service does not serve.
 */
export const VERSIONS = [
  '2025-11-25',
  '2026-08-10',
  '2026-08-14',
  '2026-08-31',
  '2026-09-25',
  '2026-10-09',
  '2026-10-10',
  '2026-10-12',
] as const;
export const CURRENT_VERSION = VERSIONS[VERSIONS.length - 1]!;

/** Change modules, newest first: the order a response walks down. */
export const CHANGE_MODULES: ChangeModule[] = [release20261012];

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The newest version on or before an ISO date, or null when the value is not a valid date or predates every version. */
export function resolveVersion(requested: string): string | null {
  const m = DATE.exec(requested.trim());
  if (!m) return null;
  const d = new Date(`${m[0]}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== m[0]) return null;
  let found: string | null = null;
  for (const v of VERSIONS) if (v <= m[0]) found = v;
  return found;
}

/** The next breaking release after a version, for the `successor-version` link; null when current. */
export function successorOf(version: string): string | null {
  return VERSIONS.find((v) => v > version) ?? null;
}

/** Rewrites a newest-shape representation into its shape at `version`. */
export function downgrade(
  kind: ResourceKind,
  representation: Representation,
  version: string,
  ctx: VersionContext,
): Representation {
  let out = representation;
  for (const module of CHANGE_MODULES) {
    if (module.version <= version) break;
    const fn = module.downgrade[kind];
    if (fn) out = fn(out, ctx);
  }
  return out;
}
