import { DEFAULT_EMAIL_MATCH, EMAIL_MATCHES } from '../../connect-links';
import { OLDER_START_WORDS, REMOVED_PATHS, REMOVED_RULES, START_PATH, takeOlderSettings } from '../../settings';
import type { ChangeModule, OpenApiDoc, Representation, SchemaObject } from '../types';
import { factsOf } from '../types';

/** The removed policy fields at the top of a policy (the others sit inside the groups). */
const TOP_LEVEL_REMOVED = REMOVED_PATHS.filter((p) => !p.includes('.'));

/** A copy of `obj` with `path` (dotted) set, copying each object on the way. */
function setIn(obj: Representation, path: string, value: unknown): Representation {
  const [head, ...rest] = path.split('.') as [string, ...string[]];
  const inner = obj[head];
  return {
    ...obj,
    [head]: rest.length
      ? setIn(inner && typeof inner === 'object' ? (inner as Representation) : {}, rest.join('.'), value)
      : value,
  };
}

/** The keys of `obj` in order, with `extra` placed before `beforeKey` (at the end when it is absent). */
function insertBefore(obj: Representation, beforeKey: string, extra: Representation): Representation {
  if (!(beforeKey in obj)) return { ...obj, ...extra };
  const out: Representation = {};
  for (const [k, v] of Object.entries(obj)) {
    if (k === beforeKey) Object.assign(out, extra);
    out[k] = v;
  }
  return out;
}

/** The groups of a policy with the removed fields (top-level ones before `beforeKey`) and the older start word. */
function withOlderFields(
  rep: Representation,
  removed: Record<string, unknown> | undefined,
  olderStart: string | undefined,
  beforeKey: string,
): Representation {
  let out = rep;
  const top: Representation = {};
  for (const [path, value] of Object.entries(removed ?? {})) {
    if (TOP_LEVEL_REMOVED.includes(path)) top[path] = value;
    else out = setIn(out, path, value);
  }
  if (olderStart) out = setIn(out, START_PATH, olderStart);
  return insertBefore(out, beforeKey, top);
}

/** A settings block (meeting, member, workspace) before 2026-10-12: the removed fields resolved, with their sources. */
function olderBlock(block: unknown): unknown {
  if (!block || typeof block !== 'object') return block;
  const facts = factsOf(block);
  const out = withOlderFields(block as Representation, facts.removed_settings, facts.older_start, 'sources');
  if (!facts.removed_sources) return out;
  return { ...out, sources: { ...(out.sources as Representation), ...facts.removed_sources } };
}

/** A settings object (policy) before 2026-10-12: the removed fields it sets (null where it leaves them to the next layer). */
function olderSettings(s: Representation): Representation {
  const facts = factsOf(s);
  return withOlderFields(s, facts.removed_settings, facts.older_start, 'assignments');
}

const POLICY_FIELDS = ['id', 'recording', 'transcription', 'summary', 'branding', ...TOP_LEVEL_REMOVED];

/** A member's `policy` before 2026-10-12: its own settings object's groups as that pin reads them (null: left to the workspace). */
function memberPolicy(ownSettings: Representation): Representation {
  const older = olderSettings(ownSettings);
  return Object.fromEntries(POLICY_FIELDS.filter((k) => k in older).map((k) => [k, older[k]]));
}

/** OpenAPI: the shapes before 2026-10-12 of settings, settings blocks, members, connections and connect links. */
export function openapi(doc: OpenApiDoc): void {
  const schemas = doc.components?.schemas ?? {};
  const removedSchema = (path: string, nullable: boolean): SchemaObject => ({
    description: `Removed in 2026-10-12 (stored, no effect): ${REMOVED_RULES[path]!.allowed.replace(/, inherit$/, '')}.${nullable ? ' null: left to the next layer.' : ''}`,
  });
  const addRemoved = (schema: SchemaObject | undefined, nullable: boolean) => {
    if (!schema?.properties) return;
    for (const path of REMOVED_PATHS) {
      const keys = path.split('.');
      let node: SchemaObject | undefined = schema;
      for (const k of keys.slice(0, -1)) node = node?.properties?.[k];
      if (node)
        node.properties = { ...(node.properties ?? {}), [keys[keys.length - 1]!]: removedSchema(path, nullable) };
    }
    const start = schema.properties.recording?.properties?.methods?.properties?.bot?.properties?.start;
    if (start) {
      JSON.stringify(start, (_k, v: unknown) => {
        const e = (v as { enum?: unknown[] } | null)?.enum;
        if (Array.isArray(e) && e.includes('on_join')) e.push(...Object.keys(OLDER_START_WORDS));
        return v;
      });
      start.description = `Also ${Object.entries(OLDER_START_WORDS)
        .map(([w, v]) => `${w} (as ${v})`)
        .join(', ')}, read back as written.`;
    }
  };
  addRemoved(schemas.Settings, true);
  addRemoved(schemas.SettingsBlock, false);
  if (schemas.Member?.properties)
    schemas.Member.properties.policy = {
      type: 'object',
      description:
        'The member’s own policy (its own settings object): id, the groups and the removed fields, null where the workspace decides.',
    };
  if (schemas.CalendarConnection?.properties) {
    schemas.CalendarConnection.properties.method = { type: 'string', enum: ['oauth'] };
    schemas.CalendarConnection.required = [...(schemas.CalendarConnection.required ?? []), 'method'];
  }
  if (schemas.CalendarConnectLink?.properties) {
    schemas.CalendarConnectLink.properties.email_match = { type: 'string', enum: [...EMAIL_MATCHES] };
    schemas.CalendarConnectLink.required = [...(schemas.CalendarConnectLink.required ?? []), 'email_match'];
  }
}

/**
 * Release 2026-10-12 for policies (settings), members, calendar connections and connect links:
 * the removed policy fields, the older `recording.methods.bot.start` values, `policy` on members,
 * `method` on connections, `email_match` on connect links.
 */
export const policies: Pick<ChangeModule, 'downgrade' | 'upgrade' | 'openapi'> & { changes: string[] } = {
  changes: [
    'Connect links: email_match removed (422 if sent); member_data added; member_id added to the return query string. Earlier pins keep email_match (default exact).',
    'Policies: workspace, member and meeting policies drop transcription.model, transcription.glossary_ids, access, summary_email, storage, recording.methods.bot.silence_detection.automatic_leave and recording.methods.bot.join_at_scheduled_start (writes naming them answer 422 unknown_field); recording.methods.bot.start reads only on_join or on_command. Members no longer carry policy. Calendar connections no longer carry method.',
    `Earlier pins still write and read the removed policy fields (stored, with no effect) and the older start words ${Object.keys(OLDER_START_WORDS).join(' and ')}; their settings blocks resolve them, members carry policy (their own settings), connections method (oauth), links email_match, and a link made at an earlier pin returns without member_id.`,
  ],
  downgrade: {
    settings: (s) => olderSettings(s),
    meeting: (m) => (m.settings ? { ...m, settings: olderBlock(m.settings) } : m),
    workspace: (w) => (w.settings ? { ...w, settings: olderBlock(w.settings) } : w),
    member: (m, { facts }) => {
      const out: Representation = {};
      for (const [k, v] of Object.entries(m)) {
        out[k] = k === 'settings' ? olderBlock(v) : v;
        if (k === 'metadata' && facts.member_policy) out.policy = memberPolicy(facts.member_policy);
      }
      return out;
    },
    calendar_connection: (c) => insertBefore(c, 'status', { method: 'oauth' }),
    calendar_connect_link: (l, { facts }) =>
      insertBefore(l, 'expires_at', { email_match: facts.email_match ?? DEFAULT_EMAIL_MATCH }),
  },
  upgrade: {
    settings_write: (body, legacy) => {
      const { removed, olderStart } = takeOlderSettings(body);
      if (Object.keys(removed).length) legacy.removed_settings = removed;
      if (olderStart) legacy.older_start = olderStart;
    },
    connect_link: (body, legacy) => {
      if (body.email_match !== undefined) {
        legacy.email_match = body.email_match;
        delete body.email_match;
      }
    },
  },
  openapi,
};
