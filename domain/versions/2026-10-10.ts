import type { ChangeModule, Representation, SchemaObject } from './types';

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
    // Every results status enum (`none`, `processing`, `ready`, `failed`) gains `pending`.
    const visit = (node: unknown): void => {
      if (!node || typeof node !== 'object') return;
      const n = node as SchemaObject;
      if (Array.isArray(n.enum) && n.enum.includes('none') && n.enum.includes('ready') && !n.enum.includes('pending'))
        n.enum.push('pending');
      for (const child of Object.values(n)) visit(child);
    };
    visit(doc.components?.schemas?.Meeting?.properties?.results);
    visit(doc.components?.schemas?.MeetingResults);
  },
};
