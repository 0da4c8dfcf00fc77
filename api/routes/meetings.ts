import { Meeting, MeetingResult } from '../../db/entities';
import { botsByMeeting, meetingWithBots, PHASE_SQL } from '../../db/meetings';
import { settingsForMeeting, settingsForMeetings } from '../../db/settings';
import { mergeMetadata } from '../../domain/metadata';
import { signMediaPath, verifyMediaSignature } from '../../runtime/storage';
import { accessToObject, MANAGERS, workspaceFor } from '../../services/access';
import type { RequestCtx } from '../../services/context';
import { ApiError, notFound, unauthorized } from '../../domain/errors';
import { listQuery } from '../pagination';
import { decodeCursor, pageOf } from '../../domain/pagination';
import { includes, METADATA_MAP_DOC, dateTimeInput, workspaceIdInput, idParams } from '../inputs';
import { defineRoute, listSchema } from '../routing';
import { meetingSchema, serializeMeeting } from '../../representations/meeting';
import { Where } from '../../db/where';
import { z } from '../../representations/zod';
import { canSeeMeeting, visibleMeetingFilter } from './meeting-access';

const MEDIA_URL_TTL_MS = 15 * 60_000;


async function loadMeeting(ctx: RequestCtx, id: string) {
  const meeting = await ctx.em.findOne(Meeting, { id });
  if (!meeting) throw notFound('Meeting');
  const { access } = await accessToObject(ctx, meeting.workspaceId, 'Meeting');
  if (!canSeeMeeting(access, meeting)) throw notFound('Meeting');
  return { meeting, access };
}

export const listMeetings = defineRoute({
  method: 'get',
  path: '/meetings',
  tag: 'Meetings',
  summary: "List a workspace's meetings, oldest first",
  description: 'Cancelled meetings are listed only with `phase=cancelled`. The settings block appears only with `include=settings`.',
  query: listQuery.extend({
    workspace_id: workspaceIdInput,
    include: z.string().optional().openapi({ description: '`settings` adds the settings block.' }),
    phase: z.enum(['upcoming', 'live', 'past', 'cancelled']).optional(),
    member_id: z.string().optional(),
    starts_after: dateTimeInput.optional(),
    starts_before: dateTimeInput.optional(),
  }),
  response: { schema: listSchema(meetingSchema, 'MeetingList'), description: 'A page of meetings.' },
  handler: async (ctx, { query }) => {
    const { workspace, access } = await workspaceFor(ctx, query.workspace_id);
    const visible = visibleMeetingFilter(access);
    if (visible === 'none') return { kind: 'meeting', page: { data: [], hasMore: false, nextCursor: null } };
    const after = decodeCursor<{ id: string }>(query.cursor, ['id']);
    const where = new Where().add('m.workspace_id = ?', workspace.id).add('m.id > ?', after?.id ?? '');
    const memberId = visible?.memberId ?? query.member_id;
    if (visible && query.member_id && query.member_id !== visible.memberId) return { kind: 'meeting', page: { data: [], hasMore: false, nextCursor: null } };
    if (memberId) where.add('m.member_id = ?', memberId);
    if (query.starts_after) where.add('m.starts_at >= ?', new Date(query.starts_after));
    if (query.starts_before) where.add('m.starts_at < ?', new Date(query.starts_before));
    if (query.phase === 'cancelled') where.add('m.cancelled_at is not null');
    else if (query.phase) where.add(`(${PHASE_SQL}) = ?`, query.phase);
    else where.add('m.cancelled_at is null');
    const rows = await ctx.em.execute<{ id: string }[]>(`select m.id from meetings m where ${where} order by m.id limit ?`, [...where.params, query.limit + 1]);
    const page = pageOf(rows, query.limit, (r) => ({ id: r.id }));
    const ids = page.data.map((r) => r.id);
    const [meetings, bots] = await Promise.all([ctx.em.find(Meeting, { id: { $in: ids } }, { orderBy: { id: 'asc' } }), botsByMeeting(ctx.em, ids)]);
    const settings = includes(query.include, 'settings') ? await settingsForMeetings(ctx.em, meetings) : null;
    const now = new Date();
    return { kind: 'meeting', page: { ...page, data: meetings.map((m) => serializeMeeting(m, bots.get(m.id)!, { settings: settings?.get(m.id) ?? null, now })) } };
  },
});

export const getMeeting = defineRoute({
  method: 'get',
  path: '/meetings/{id}',
  tag: 'Meetings',
  summary: 'Get a meeting (with its settings block)',
  params: idParams,
  response: { schema: meetingSchema, description: 'The meeting.' },
  handler: async (ctx, { params }) => {
    const { meeting } = await loadMeeting(ctx, params.id);
    const { bots } = await meetingWithBots(ctx.em, meeting.id);
    return { kind: 'meeting', body: serializeMeeting(meeting, bots, { settings: await settingsForMeeting(ctx.em, meeting) }) };
  },
});

export const updateMeeting = defineRoute({
  method: 'patch',
  path: '/meetings/{id}',
  tag: 'Meetings',
  summary: "Merge a meeting's metadata (owner or admin)",
  description:
    'Body `{ metadata }`, the only field allowed. 400: body empty or naming another field. 401: key not an owner or admin of the workspace. 404: not visible. 422: a metadata rule broken. A change of metadata alone emits no meeting.updated.',
  params: idParams,
  body: z
    .unknown()
    .openapi({
      type: 'object',
      properties: { metadata: { description: 'A metadata map, or the empty string to remove every key.', oneOf: [METADATA_MAP_DOC, { type: 'string', enum: [''] }] } },
      required: ['metadata'],
      additionalProperties: false,
    } as never),
  bodyRequired: true,
  response: { schema: meetingSchema, description: 'The meeting.' },
  handler: async (ctx, { params, body }) => {
    const { meeting, access } = await loadMeeting(ctx, params.id);
    if (!MANAGERS.includes(access.role)) throw unauthorized();
    if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body) || Object.keys(body).length === 0) {
      throw new ApiError(400, 'bad_request', 'The body must be { "metadata": … }.');
    }
    const other = Object.keys(body).find((k) => k !== 'metadata');
    if (other) throw new ApiError(400, 'bad_request', `Only metadata can be changed on a meeting; ${other} is not allowed.`, other);
    meeting.metadata = mergeMetadata(meeting.metadata, (body as { metadata: unknown }).metadata);
    meeting.updatedAt = new Date();
    await ctx.em.flush();
    const { bots } = await meetingWithBots(ctx.em, meeting.id);
    return { kind: 'meeting', body: serializeMeeting(meeting, bots, { settings: await settingsForMeeting(ctx.em, meeting) }) };
  },
});

const resultsSchema = z
  .object({
    object: z.literal('meeting_results'),
    meeting_id: z.string(),
    status: z.enum(['none', 'processing', 'ready', 'failed']),
    transcript: z.object({
      status: z.string(),
      language: z.string().nullable(),
      segments: z.array(
        z.object({
          speaker: z.string(),
          email: z.string().nullable(),
          member_id: z.string().nullable(),
          start: z.number(),
          end: z.number(),
          text: z.string(),
          words: z.array(z.object({ text: z.string(), start: z.number(), end: z.number() })).optional(),
        }),
      ),
    }),
    speakers: z.array(z.object({ name: z.string().nullable(), email: z.string().nullable(), member_id: z.string().nullable() })),
    summary: z.object({
      status: z.string(),
      template: z.string().nullable(),
      language: z.string().nullable(),
      sections: z.array(z.object({ title: z.string(), text: z.string() })),
      action_items: z.array(z.object({ text: z.string(), owner: z.string().nullable() })),
    }),
    media: z.object({ status: z.string(), duration_seconds: z.number().nullable(), audio_url: z.string().nullable(), video_url: z.string().nullable(), expires_at: z.string().nullable() }),
  })
  .openapi('MeetingResults');

export const getResults = defineRoute({
  method: 'get',
  path: '/meetings/{id}/results',
  tag: 'Meetings',
  summary: "The content of a meeting's results",
  description: 'Transcript segments (with `include=words`, each segment’s words and timings), speakers, summary, and media URLs signed by the service (short-lived; read them fresh each time).',
  params: idParams,
  query: z.object({ include: z.string().optional() }),
  response: { schema: resultsSchema, description: 'The results.' },
  handler: async (ctx, { params, query }) => {
    const { meeting } = await loadMeeting(ctx, params.id);
    const row = await ctx.em.findOne(MeetingResult, { meetingId: meeting.id });
    const words = includes(query.include, 'words');
    const memberOf = new Map(meeting.participants.filter((p) => p.email).map((p) => [p.email!.toLowerCase(), p.member_id]));
    const segments = (row?.transcript?.segments ?? []).map(({ words: w, ...s }) => ({ ...s, member_id: s.email ? (memberOf.get(s.email.toLowerCase()) ?? null) : null, ...(words ? { words: w } : {}) }));
    const speakers = [...new Map(segments.map((s) => [s.speaker, { name: s.speaker, email: s.email, member_id: s.member_id }])).values()];
    const expires = new Date(Date.now() + MEDIA_URL_TTL_MS);
    const mediaUrl = (key: string | null | undefined) => (key ? `${ctx.deps.baseUrl()}/media/${signMediaPath(ctx.deps.config.signingSecret!, key, expires)}` : null);
    return {
      kind: 'meeting_results',
      body: {
        object: 'meeting_results',
        meeting_id: meeting.id,
        status: meeting.results.status,
        transcript: { status: meeting.results.transcript.status, language: meeting.results.transcript.language, segments },
        speakers,
        summary: {
          status: meeting.results.summary.status,
          template: row?.summary?.template ?? null,
          language: row?.summary?.language ?? null,
          sections: row?.summary?.sections ?? [],
          action_items: row?.summary?.action_items ?? [],
        },
        media: {
          status: meeting.results.media.status,
          duration_seconds: meeting.results.media.duration_seconds,
          audio_url: mediaUrl(row?.media?.audio_key),
          video_url: mediaUrl(row?.media?.video_key),
          expires_at: row?.media?.audio_key ? expires.toISOString() : null,
        },
      },
    };
  },
});

export const getMedia = defineRoute({
  method: 'get',
  path: '/media/{meeting_id}/{file}',
  tag: 'Meetings',
  auth: false,
  summary: 'Download recorded media through a signed URL from GET /meetings/{id}/results',
  params: z.object({ meeting_id: z.string(), file: z.string() }),
  query: z.object({ expires: z.string().optional(), signature: z.string().optional() }),
  response: { schema: z.string().openapi({ format: 'binary' }), description: 'The media bytes.' },
  handler: async (ctx, { params, query }) => {
    const key = `${params.meeting_id}/${params.file}`;
    const check = verifyMediaSignature(ctx.deps.config.signingSecret!, key, query.expires ?? '', query.signature ?? '');
    if (check !== 'ok') throw new ApiError(401, 'unauthorized', check === 'expired' ? 'This media link has expired: read the results again for a fresh one.' : 'This media link is not valid.');
    const bytes = await ctx.deps.storage.get(key);
    if (!bytes) throw notFound('Media');
    return { raw: bytes, contentType: key.endsWith('.wav') ? 'audio/wav' : 'application/octet-stream', headers: { 'Cache-Control': 'private, no-store' } };
  },
});

export const meetingRoutes = [listMeetings, getMeeting, updateMeeting, getResults, getMedia];
