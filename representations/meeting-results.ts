import { withLegacy } from '../domain/versions';
import type { Meeting, MeetingResult } from '../db/entities';

/**
 * A meeting's results as GET /meetings/{id}/results returns them: segments carry the member_id of
 * their speaker's email among the participants (words only when asked for), speakers in order of
 * first appearance, and media as URLs signed until `media.expiresAt`.
 */
export function serializeMeetingResults(
  meeting: Meeting,
  row: MeetingResult | null,
  opts: {
    words: boolean;
    media: { audioUrl: string | null; videoUrl: string | null; expiresAt: Date };
    /** Whether a recording is queued or under way (older versions read `pending`); undefined when not asked. */
    recordingUnderway?: boolean;
  },
): Record<string, unknown> {
  const memberOf = new Map(
    meeting.participants.filter((p) => p.email).map((p) => [p.email!.toLowerCase(), p.member_id]),
  );
  const segments = (row?.transcript?.segments ?? []).map(({ words: w, ...s }) => ({
    ...s,
    member_id: s.email ? (memberOf.get(s.email.toLowerCase()) ?? null) : null,
    ...(opts.words ? { words: w } : {}),
  }));
  const speakers = [
    ...new Map(segments.map((s) => [s.speaker, { name: s.speaker, email: s.email, member_id: s.member_id }])).values(),
  ];
  const out = {
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
      audio_url: opts.media.audioUrl,
      video_url: opts.media.videoUrl,
      expires_at: row?.media?.audio_key ? opts.media.expiresAt.toISOString() : null,
    },
  };
  return opts.recordingUnderway === undefined ? out : withLegacy(out, { recording_underway: opts.recordingUnderway });
}
