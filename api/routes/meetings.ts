import { mapPage } from '../../domain/pagination';
import * as meetings from '../../services/meetings';
import { listQuery } from '../pagination';
import { includes, METADATA_MAP_DOC, dateTimeInput, workspaceIdInput, idParams } from '../inputs';
import { defineRoute, listSchema } from '../routing';
import { getBot } from './bots';
import { botSchema } from '../../representations/bot';
import { meetingSchema, serializeMeeting } from '../../representations/meeting';
import { serializeMeetingResults } from '../../representations/meeting-results';
import { z } from '../../representations/zod';

const render = (v: meetings.MeetingView) => serializeMeeting(v.meeting, v.bots, { settings: v.settings, now: v.now });

export const listMeetings = defineRoute({
  method: 'get',
  path: '/meetings',
  tag: 'Meetings',
  summary: "List a workspace's meetings, oldest first",
  description:
    'Cancelled meetings are listed only with `phase=cancelled`. The settings block appears only with `include=settings`.',
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
    const page = await meetings.listMeetings(ctx, { ...query, settings: includes(query.include, 'settings') });
    return { kind: 'meeting', page: mapPage(page, render) };
  },
});

export const getMeeting = defineRoute({
  method: 'get',
  path: '/meetings/{id}',
  tag: 'Meetings',
  summary: 'Get a meeting (with its settings block)',
  description:
    'Deprecated form (2026-08-10): with a `bot_` id it answers the bot as GET /bots/{id} does, with `Deprecation` and a `deprecation` link.',
  params: idParams,
  response: {
    schema: z.union([meetingSchema, botSchema]),
    description: 'The meeting; a bot for the deprecated bot form (a `bot_` id).',
  },
  handler: async (ctx, input) =>
    input.params.id.startsWith('bot_')
      ? getBot.handler(ctx, input)
      : { kind: 'meeting', body: render(await meetings.getMeeting(ctx, input.params.id)) },
});

export const updateMeeting = defineRoute({
  method: 'patch',
  path: '/meetings/{id}',
  tag: 'Meetings',
  summary: "Merge a meeting's metadata (owner or admin)",
  description:
    'Body `{ metadata }`, the only field allowed. 400: body empty or naming another field. 401: key not an owner or admin of the workspace. 404: not visible. 422: a metadata rule broken. A change of metadata alone emits no meeting.updated.',
  params: idParams,
  body: z.unknown().openapi({
    type: 'object',
    properties: {
      metadata: {
        description: 'A metadata map, or the empty string to remove every key.',
        oneOf: [METADATA_MAP_DOC, { type: 'string', enum: [''] }],
      },
    },
    required: ['metadata'],
    additionalProperties: false,
  } as never),
  bodyRequired: true,
  response: { schema: meetingSchema, description: 'The meeting.' },
  handler: async (ctx, { params, body }) => ({
    kind: 'meeting',
    body: render(await meetings.updateMeetingMetadata(ctx, params.id, body)),
  }),
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
    speakers: z.array(
      z.object({ name: z.string().nullable(), email: z.string().nullable(), member_id: z.string().nullable() }),
    ),
    summary: z.object({
      status: z.string(),
      template: z.string().nullable(),
      language: z.string().nullable(),
      sections: z.array(z.object({ title: z.string(), text: z.string() })),
      action_items: z.array(z.object({ text: z.string(), owner: z.string().nullable() })),
    }),
    media: z.object({
      status: z.string(),
      duration_seconds: z.number().nullable(),
      audio_url: z.string().nullable(),
      video_url: z.string().nullable(),
      expires_at: z.string().nullable(),
    }),
  })
  .openapi('MeetingResults');

export const getResults = defineRoute({
  method: 'get',
  path: '/meetings/{id}/results',
  tag: 'Meetings',
  summary: "The content of a meeting's results",
  description:
    'Transcript segments (with `include=words`, each segment’s words and timings), speakers, summary, and media URLs signed by the service (short-lived; read them fresh each time).',
  params: idParams,
  query: z.object({ include: z.string().optional() }),
  response: { schema: resultsSchema, description: 'The results.' },
  handler: async (ctx, { params, query }) => {
    const { meeting, row, media, recordingUnderway } = await meetings.getMeetingResults(ctx, params.id);
    return {
      kind: 'meeting_results',
      body: serializeMeetingResults(meeting, row, {
        words: includes(query.include, 'words'),
        media,
        recordingUnderway,
      }),
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
    const media = await meetings.getMedia(ctx, key, { expires: query.expires ?? '', signature: query.signature ?? '' });
    return {
      raw: media,
      contentType: key.endsWith('.wav') ? 'audio/wav' : 'application/octet-stream',
      headers: { 'Cache-Control': 'private, no-store' },
    };
  },
});

export const meetingRoutes = [listMeetings, getMeeting, updateMeeting, getResults, getMedia];
