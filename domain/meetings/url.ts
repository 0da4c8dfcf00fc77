import { ValidationFailed } from '../errors';

export type Platform = 'meet' | 'zoom' | 'teams';

/** Query parameters that only track where a link was clicked; dropped when normalising. */
const TRACKING = /^(utm_[a-z_]+|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|_ga|_gl|igshid|ref_src|hsctatracking)$/i;

/**
 * Normalises a join link (spec Bot › meeting_url): https scheme when none is given, lower-case host,
 * no default port, no fragment, no tracking parameters, no trailing slash. Everything that may
 * carry a credential (path, `pwd`, other parameters) is kept as sent.
 */
export function normaliseMeetingUrl(input: string, field = 'meeting_url'): string {
  const raw = input.trim();
  // `mailto:x`, `tel:x`: another scheme, not a host without one.
  if (/^[a-z][a-z0-9+-]*:(?!\/\/|\d)/i.test(raw)) {
    throw new ValidationFailed([
      { code: 'invalid_format', field, message: `${field} must be an http(s) meeting link.` },
    ]);
  }
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new ValidationFailed([
      { code: 'invalid_format', field, message: `${field} must be a meeting link (https://…).` },
    ]);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname.includes('.')) {
    throw new ValidationFailed([
      { code: 'invalid_format', field, message: `${field} must be an http(s) meeting link with a host name.` },
    ]);
  }
  url.protocol = 'https:';
  url.hash = '';
  for (const key of [...url.searchParams.keys()]) if (TRACKING.test(key)) url.searchParams.delete(key);
  let out = url.toString();
  if (url.pathname.length > 1 && out.endsWith('/') && !url.search) out = out.slice(0, -1);
  if (url.pathname === '/' && !url.search) out = out.slice(0, -1);
  return out;
}

/** Platform of a normalised link: Google Meet, Zoom (any *.zoom.us), Teams (Teams Live included); null otherwise. */
export function detectPlatform(meetingUrl: string | null): Platform | null {
  if (!meetingUrl) return null;
  let host: string;
  let path: string;
  try {
    const u = new URL(meetingUrl);
    host = u.hostname.toLowerCase();
    path = u.pathname;
  } catch {
    return null;
  }
  if (host === 'meet.google.com') return 'meet';
  if (host === 'zoom.us' || host.endsWith('.zoom.us') || host === 'zoomgov.com' || host.endsWith('.zoomgov.com'))
    return 'zoom';
  if (
    host === 'teams.microsoft.com' ||
    host === 'teams.live.com' ||
    host.endsWith('.teams.microsoft.com') ||
    (host === 'teams.cloud.microsoft' && path.length > 1)
  )
    return 'teams';
  return null;
}

/** Conferencing services the notetaker recognises and cannot join (it joins Meet, Zoom and Teams calls). */
const UNSUPPORTED_SERVICES: [suffix: string, name: string][] = [
  ['webex.com', 'Webex'],
  ['gotomeeting.com', 'GoTo Meeting'],
  ['gotomeet.me', 'GoTo Meeting'],
  ['bluejeans.com', 'BlueJeans'],
  ['whereby.com', 'Whereby'],
  ['chime.aws', 'Amazon Chime'],
  ['meet.jit.si', 'Jitsi Meet'],
  ['skype.com', 'Skype'],
];

/** The name of a conferencing service the bot cannot join, from a normalised link; null for any other link. */
export function unsupportedService(meetingUrl: string): string | null {
  let host: string;
  try {
    host = new URL(meetingUrl).hostname.toLowerCase();
  } catch {
    return null;
  }
  return UNSUPPORTED_SERVICES.find(([suffix]) => host === suffix || host.endsWith(`.${suffix}`))?.[1] ?? null;
}

/** The simulator's scenario, chosen by the link's `sim` parameter. */
export function simulatorScenario(meetingUrl: string): string {
  try {
    return new URL(meetingUrl).searchParams.get('sim') ?? 'normal';
  } catch {
    return 'invalid_url';
  }
}

/**
 * Whether a Teams link is a Teams Live event (a broadcast): its `context` parameter says
 * `"IsBroadcastMeeting":true`. The newest version folds it into `teams`; older pins read
 * `microsoft_teams_live`, so it is told apart from the stored link whenever it is read.
 */
export function isTeamsLive(meetingUrl: string | null): boolean {
  if (!meetingUrl || detectPlatform(meetingUrl) !== 'teams') return false;
  try {
    const u = new URL(meetingUrl);
    if (/\/l\/broadcast-join\//i.test(u.pathname)) return true;
    const context = u.searchParams.get('context');
    if (!context) return false;
    const parsed = JSON.parse(context) as Record<string, unknown>;
    return parsed.IsBroadcastMeeting === true || parsed.isBroadcastMeeting === true;
  } catch {
    return false;
  }
}

/**
 * A link of a supported platform that is not a call a notetaker can join: a Zoom registration
 * page (the join link comes only after registering). Null when the link can be joined.
 */
export function notJoinable(meetingUrl: string): string | null {
  if (detectPlatform(meetingUrl) !== 'zoom') return null;
  try {
    if (/^\/(webinar|meeting)\/register\//i.test(new URL(meetingUrl).pathname))
      return 'a Zoom registration page: register, then send the join link Zoom gives you';
  } catch {
    return null;
  }
  return null;
}
