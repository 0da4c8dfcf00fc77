/** A resource's representation, as the serializers write it (newest shape). */
export type Representation = Record<string | symbol, unknown>;

/** The resource kinds a change module may rewrite. */
export type ResourceKind =
  | 'workspace'
  | 'member'
  | 'bot'
  | 'meeting'
  | 'meeting_results'
  | 'calendar_event'
  | 'calendar_connection'
  | 'calendar_connect_link'
  | 'settings'
  | 'brand_kit'
  | 'agent_session';

/** The request bodies a change module may rewrite from an older shape. */
export type RequestKind = 'bot_create' | 'bot_update' | 'connect_link' | 'settings_write' | 'brand_kit_write';

/**
 * Facts an older shape reads that the newest shape no longer carries. A serializer attaches them
 * under the LEGACY symbol of the object they belong to; JSON never writes a symbol key, so they
 * reach no newest-shape body.
 */
export type LegacyFacts = {
  /** A bot's settings as the older `settings` field read them (the meeting's resolved groups). */
  bot_settings?: Record<string, unknown>;
  /** The result fields bots carried before 2026-10-12, as the meeting's results were. */
  bot_results?: Record<string, unknown>;
  /** A meeting link on Microsoft Teams Live (the newest shape folds it into `teams`). */
  teams_live?: boolean;
  /**
   * Policy fields the 2026-10-12 release removed, by dotted path: as a settings object stores them
   * (null where it leaves the value to the next layer), or as a settings block resolves them.
   */
  removed_settings?: Record<string, unknown>;
  /** On a settings block: the `sources` entry of each removed policy field. */
  removed_sources?: Record<string, unknown>;
  /** `recording.methods.bot.start` as written in its older vocabulary. */
  older_start?: string;
  /** Whether one of the meeting's recordings is queued or under way (results read `pending` before 2026-10-10). */
  recording_underway?: boolean;
  /** Integer ids of workspaces by `wks_` id (read before 2026-10-09). */
  workspace_numbers?: Record<string, number>;
  /** A bot's metadata as written by an older pin (a JSON object up to 16 KB), when it is not a flat string map. */
  raw_metadata?: Record<string, unknown>;
  /** A member's policy as members carried it before 2026-10-12: its own settings object, serialized (with its facts). */
  member_policy?: Record<string, unknown>;
  /** A connect link's `email_match` (removed in 2026-10-12). */
  email_match?: string;
  /** A brand kit's summary email, read by the flat fields before 2026-10-12 even while the newest shape hides `branded`. */
  brand_kit_email?: {
    type: string;
    logo_url: string | null;
    color: string;
    website: string | null;
    description: string | null;
  };
};

/** Where a representation keeps its LegacyFacts. */
export const LEGACY = Symbol.for('notetaker.legacy');

export type VersionContext = {
  /** The time zone offset, in minutes east of UTC, of the server's own clock (older pins read server-offset timestamps). */
  serverOffsetMinutes: number;
};

/** One breaking release: how each resource it touched looked in the version before it, and how older requests read now. */
export type ChangeModule = {
  version: string;
  title: string;
  /** What changed, one sentence each: the changelog page lists them. */
  changes: string[];
  downgrade: Partial<
    Record<
      ResourceKind,
      (representation: Representation, ctx: VersionContext & { facts: LegacyFacts }) => Representation
    >
  >;
  /** Rewrites an older request body in place into the next shape; what the newer shape cannot hold goes into `legacy`. */
  upgrade?: Partial<Record<RequestKind, (body: Record<string, unknown>, legacy: Record<string, unknown>) => void>>;
  /** Edits the OpenAPI document of the newest shape into the shape before this release. */
  openapi?: (doc: OpenApiDoc) => void;
};

/** The parts of an OpenAPI 3.1 document a change module edits. */
export type OpenApiDoc = {
  info: { version: string; description?: string };
  paths: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, SchemaObject> };
};
export type SchemaObject = {
  type?: string | string[];
  properties?: Record<string, SchemaObject>;
  required?: string[];
  enum?: unknown[];
  items?: SchemaObject;
  description?: string;
  anyOf?: SchemaObject[];
  [k: string]: unknown;
};

/** Attaches facts to a representation (returns it). */
export function withLegacy<T extends Representation>(representation: T, facts: LegacyFacts): T {
  // A symbol key: JSON, Object.keys and digests never see it; a spread copy of the representation keeps it.
  const had = representation[LEGACY] as LegacyFacts | undefined;
  (representation as Record<symbol, unknown>)[LEGACY] = had ? { ...had, ...facts } : { ...facts };
  return representation;
}

export function factsOf(value: unknown): LegacyFacts {
  return (value && typeof value === 'object' ? ((value as Representation)[LEGACY] as LegacyFacts) : undefined) ?? {};
}

/**
 * The facts of a representation and of the objects nested in it, by path (`""` for the top), so an
 * outbox row can store them beside the JSON body and a later rendering restore them.
 */
export function extractLegacy(
  value: unknown,
  path = '',
  out: Record<string, LegacyFacts> = {},
): Record<string, LegacyFacts> {
  if (!value || typeof value !== 'object') return out;
  const facts = (value as Representation)[LEGACY] as LegacyFacts | undefined;
  if (facts) out[path] = facts;
  for (const [k, v] of Object.entries(value))
    if (v && typeof v === 'object') extractLegacy(v, path ? `${path}.${k}` : k, out);
  return out;
}

/** Puts stored facts back on a representation read from JSON. */
export function restoreLegacy<T>(value: T, facts: Record<string, LegacyFacts> | null | undefined): T {
  if (!facts || !value || typeof value !== 'object') return value;
  for (const [path, f] of Object.entries(facts)) {
    const target =
      path === '' ? value : path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], value);
    if (target && typeof target === 'object') withLegacy(target as Representation, f);
  }
  return value;
}
