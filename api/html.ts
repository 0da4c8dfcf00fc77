import type { Response } from 'express';

/** Text safe inside HTML, attribute values included. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The signed-in person a page shows in its header, with the token its sign-out form sends. */
export type PageUser = { email: string; csrfToken: string };

export type PageOptions = {
  title: string;
  /** Trusted HTML: every value in it already went through escapeHtml. */
  body: string;
  user?: PageUser | null;
  /** Extra scripts of this page (same origin only: the pages' Content-Security-Policy allows no other). */
  scripts?: string[];
  /** A class on <main>, for pages that need more room (e.g. `wide`). */
  variant?: string;
};

/**
 * The one layout of every page of the web application at {app_url} (sign-in, the key page, the
 * agent handoff, calendar consent, brand kit previews): one stylesheet, one header, one footer.
 */
export function layout(opts: PageOptions): string {
  const nav = opts.user
    ? `<nav><a href="/settings/personal/api">API key</a><a href="/app/agent_sessions/new">Agent handoff</a>` +
      `<span class="who">${escapeHtml(opts.user.email)}</span>` +
      `<form method="post" action="/sign_out" class="inline"><input type="hidden" name="_csrf" value="${escapeHtml(opts.user.csrfToken)}"><button type="submit" class="link" id="sign-out">Sign out</button></form></nav>`
    : '';
  const scripts = ['/assets/app.js', ...(opts.scripts ?? [])]
    .map((src) => `<script type="module" src="${escapeHtml(src)}"></script>`)
    .join('');
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(opts.title)} · Notetaker</title><link rel="stylesheet" href="/assets/app.css">${scripts}</head>` +
    `<body><header class="top"><a class="brand" href="/">Notetaker</a>${nav}</header>` +
    `<main class="${escapeHtml(opts.variant ?? '')}"><h1>${escapeHtml(opts.title)}</h1>${opts.body}</main>` +
    `<footer>Meetings notetaker</footer></body></html>`
  );
}

/** Sends a page in the layout; pages are never cached (they carry codes, keys and form tokens). */
export function sendPage(res: Response, status: number, opts: PageOptions): void {
  res.status(status).type('html').set('Cache-Control', 'no-store').send(layout(opts));
}
