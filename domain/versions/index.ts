import { release20261012 } from './2026-10-12/index';
import { release20261010 } from './2026-10-10';
import { release20261009 } from './2026-10-09';
import { DEPRECATION_RELEASES } from './deprecations';
import type {
  ChangeModule,
  LegacyFacts,
  OpenApiDoc,
  Representation,
  RequestKind,
  ResourceKind,
  VersionContext,
} from './types';
import { LEGACY } from './types';

export * from './types';
export { DEPRECATED_PATHS, deprecationOf, type DeprecatedPath } from './deprecations';

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

/** One change module per release, newest first: the order a response walks down. */
export const CHANGE_MODULES: ChangeModule[] = [
  release20261012,
  release20261010,
  release20261009,
  ...DEPRECATION_RELEASES,
].sort((a, b) => (a.version < b.version ? 1 : -1));

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

/** Whether a caller served at `version` sees the shape from before `release`. */
export function before(version: string, release: string): boolean {
  return version < release;
}

/**
 * Rewrites a newest-shape representation into its shape at `version`: each release newer than it
 * rewrites, newest first. What the newest shape no longer carries is read from the facts the
 * serializer attached under LEGACY (never serialised: JSON ignores symbol keys).
 */
export function downgrade(
  kind: ResourceKind,
  representation: Representation,
  version: string,
  ctx: VersionContext,
): Representation {
  let out = representation;
  const facts: LegacyFacts = (representation[LEGACY] as LegacyFacts | undefined) ?? {};
  for (const module of CHANGE_MODULES) {
    if (module.version <= version) break;
    const fn = module.downgrade[kind];
    if (fn) out = fn(out, { ...ctx, facts });
  }
  return out;
}

/**
 * Rewrites a request body written at `version` into the newest shape, oldest release first. What
 * the newest shape cannot hold (an older metadata object, a removed policy field) is handed to the
 * use case in `legacy`, which stores it.
 */
export function upgrade(
  kind: RequestKind,
  body: unknown,
  version: string,
): { body: unknown; legacy: Record<string, unknown> } {
  const legacy: Record<string, unknown> = {};
  // Only an object body has fields to rewrite; anything else reaches the newest rules as sent.
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { body, legacy };
  const next = { ...(body as Record<string, unknown>) };
  for (const module of [...CHANGE_MODULES].reverse())
    if (module.version > version) module.upgrade?.[kind]?.(next, legacy);
  return { body: next, legacy };
}

/** The OpenAPI document of the newest version rewritten into its shape at `version`. */
export function documentAt<T>(newest: T, version: string): T {
  const doc = structuredClone(newest) as unknown as OpenApiDoc;
  for (const module of CHANGE_MODULES) {
    if (module.version <= version) break;
    module.openapi?.(doc);
  }
  doc.info.version = version;
  return doc as unknown as T;
}
