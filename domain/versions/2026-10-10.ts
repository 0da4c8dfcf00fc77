import type { ChangeModule, Representation } from './types';

const UNDERWAY = new Set(['queued', 'joining', 'in_call']);

/** Before 2026-10-10 a results part that will come (a recording is queued or under way) read `pending`, not `none`. */
function pendingResults(results: unknown, underway: boolean): unknown {
  if (!underway || !results || typeof results !== 'object') return results;
  const r = results as Record<string, unknown>;
  const part = (v: unknown) => {
    if (!v || typeof v !== 'object') return v;
    const p = v as Record<string, unknown>;
    return p.status === 'none' ? { ...p, status: 'pending' } : p;
  };
  return {
    ...r,
    status: r.status === 'none' ? 'pending' : r.status,
    transcript: part(r.transcript),
    summary: part(r.summary),
    media: part(r.media),
  };
}

function recordingUnderway(meeting: Representation): boolean {
  const recordings = meeting.recordings as { status: string }[] | undefined;
  return (recordings ?? []).some((r) => UNDERWAY.has(r.status));
}

export const release20261010: ChangeModule = {
  version: '2026-10-10',
  title: 'Meeting results no longer read pending',
  changes: [
    'Meeting results no longer read pending: a part is none until a recording produces it; whether one will come is read from the phase, the recordings and the recording setting. Earlier pins read pending for a part while a recording is queued or under way.',
  ],
  downgrade: {
    meeting: (m) => ({ ...m, results: pendingResults(m.results, recordingUnderway(m)) }),
    meeting_results: (r, { facts }) => pendingResults(r, facts.recording_underway === true) as Representation,
  },
  openapi: (doc) => {
    for (const name of ['Meeting', 'MeetingResults']) {
      const schema = doc.components?.schemas?.[name];
      if (!schema) continue;
      // Every `status` enum of the results parts gains `pending`.
      JSON.stringify(schema, (key, value: unknown) => {
        if (
          key === 'status' &&
          value &&
          typeof value === 'object' &&
          Array.isArray((value as { enum?: unknown[] }).enum)
        ) {
          const e = (value as { enum: unknown[] }).enum;
          if (e.includes('none') && e.includes('ready') && !e.includes('pending')) e.push('pending');
        }
        return value;
      });
    }
  },
};
