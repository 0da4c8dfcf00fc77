/**
 * The API's types, generated from /api/v1/openapi.json by `npm run client:generate` (openapi-typescript).
 * Do not edit: a test fails when this file and the served document disagree.
 */

export interface paths {
    "/agent_sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchange a handoff code for the user’s API key
         * @description No key is needed. The user opens `{app_url}/app/agent_sessions/new`, signs in or signs up, and pastes the code shown to the agent; the code works once, within 5 minutes of the page loading. A wrong, used or expired code answers `401`; attempts are limited per address and for the whole service (`429` with `retry_in_seconds`). Without `Service-Version` the answer is served at the pin of the key handed over.
         */
        post: operations["postAgentSessions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the caller's workspaces */
        get: operations["getWorkspaces"];
        put?: never;
        /**
         * Create a workspace; the caller becomes its owner
         * @description Limited to 20 workspaces per day per API user, archived ones included.
         */
        post: operations["postWorkspaces"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a workspace */
        get: operations["getWorkspacesById"];
        put?: never;
        post?: never;
        /**
         * Archive a workspace (owner only)
         * @description The workspace disappears from every list and read; it still counts toward the daily creation limit.
         */
        delete: operations["deleteWorkspacesById"];
        options?: never;
        head?: never;
        /** Update a workspace's name or metadata (owner or admin) */
        patch: operations["patchWorkspacesById"];
        trace?: never;
    };
    "/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a workspace's members */
        get: operations["getMembers"];
        put?: never;
        /**
         * Create a member in a workspace (owner or admin)
         * @description Limited to 100 new members per hour per workspace; members created by pushed calendar events count.
         */
        post: operations["postMembers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/members/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a member */
        get: operations["getMembersById"];
        put?: never;
        post?: never;
        /**
         * Remove a member (owner or admin)
         * @description Its calendars are disconnected (calendar_connection.disconnected for each).
         */
        delete: operations["deleteMembersById"];
        options?: never;
        head?: never;
        /** Update a member's name, client reference id or metadata (owner or admin) */
        patch: operations["patchMembersById"];
        trace?: never;
    };
    "/bots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a workspace's bots, oldest first */
        get: operations["getBots"];
        put?: never;
        /**
         * Send a notetaker bot to a call
         * @description Creates the bot (status queued) and its meeting at once. Recording choices sent here become the meeting’s own settings. Limited to 100 bots per hour per workspace. A body with `settings` answers 400.
         */
        post: operations["postBots"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bots/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a bot */
        get: operations["getBotsById"];
        put?: never;
        post?: never;
        /** Cancel a bot (same as POST /bots/{id}/cancel) */
        delete: operations["deleteBotsById"];
        options?: never;
        head?: never;
        /**
         * Merge a bot's metadata
         * @description Only `metadata` is editable. A failed or cancelled bot is final: 409 bot_not_editable.
         */
        patch: operations["patchBotsById"];
        trace?: never;
    };
    "/bots/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a bot
         * @description A bot that has not finished becomes cancelled and leaves the call if it is in one; a finished bot answers 409 bot_not_cancellable.
         */
        post: operations["postBotsByIdCancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/meetings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a workspace's meetings, oldest first
         * @description Cancelled meetings are listed only with `phase=cancelled`. The settings block appears only with `include=settings`.
         */
        get: operations["getMeetings"];
        put?: never;
        /**
         * Deprecated (2026-08-10): send a bot; use POST /bots
         * @deprecated
         * @description Deprecated: kept unchanged for older integrations. Answers exactly as POST /bots.
         */
        post: operations["postMeetings"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/meetings/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a meeting (with its settings block)
         * @description Deprecated form (2026-08-10): with a `bot_` id it answers the bot as GET /bots/{id} does, with `Deprecation` and a `deprecation` link.
         */
        get: operations["getMeetingsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Merge a meeting's metadata (owner or admin)
         * @description Body `{ metadata }`, the only field allowed. 400: body empty or naming another field. 401: key not an owner or admin of the workspace. 404: not visible. 422: a metadata rule broken. A change of metadata alone emits no meeting.updated.
         */
        patch: operations["patchMeetingsById"];
        trace?: never;
    };
    "/meetings/{id}/results": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The content of a meeting's results
         * @description Transcript segments (with `include=words`, each segment’s words and timings), speakers, summary, and media URLs signed by the service (short-lived; read them fresh each time).
         */
        get: operations["getMeetingsByIdResults"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/media/{meeting_id}/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download recorded media through a signed URL from GET /meetings/{id}/results */
        get: operations["getMediaByMeetingIdByFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/provider_callbacks/recall": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Status webhooks of the Recall-style bot provider (Svix-signed) */
        post: operations["postProviderCallbacksRecall"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook_endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a workspace's webhook endpoints */
        get: operations["getWebhookEndpoints"];
        put?: never;
        /**
         * Register a webhook endpoint (owner or admin)
         * @description The response is the only one that shows `secret`. The endpoint is pinned to the version of this request, or `api_version`.
         */
        post: operations["postWebhookEndpoints"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook_endpoints/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a webhook endpoint */
        get: operations["getWebhookEndpointsById"];
        put?: never;
        post?: never;
        /** Delete a webhook endpoint; its pending deliveries stop */
        delete: operations["deleteWebhookEndpointsById"];
        options?: never;
        head?: never;
        /**
         * Change the URL, subscribed events, enabled state or metadata of an endpoint
         * @description Disabling an endpoint stops its pending deliveries at their next attempt.
         */
        patch: operations["patchWebhookEndpointsById"];
        trace?: never;
    };
    "/webhook_endpoints/{id}/rotate_secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate an endpoint's signing secret
         * @description Answers the new secret once. For 24 hours deliveries carry a v1= digest of both the new and the old secret.
         */
        post: operations["postWebhookEndpointsByIdRotateSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook_endpoints/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a sample event to an endpoint now
         * @description The sample is a `meeting.updated` whose ids exist nowhere. Answers what the receiver returned, or the connection error.
         */
        post: operations["postWebhookEndpointsByIdTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook_events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List events, newest first */
        get: operations["getWebhookEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook_events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An event with every delivery attempt and what the receiver answered */
        get: operations["getWebhookEventsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook_events/{id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deliver an event again to its endpoints (or one of them)
         * @description Starts a fresh attempt series with the stored body and a fresh signature timestamp. 202 with the event.
         */
        post: operations["postWebhookEventsByIdRedeliver"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a workspace's settings objects (owner or admin)
         * @description Oldest first: the workspace’s own settings, its named settings, then each member’s own settings, a page of members at a time. Meetings’ own settings are read through each meeting’s settings block.
         */
        get: operations["getSettings"];
        put?: never;
        /**
         * Create a named, reusable settings object in a workspace (owner or admin)
         * @description It applies nowhere until assigned (POST /settings_assignments). Partial at any depth: only the paths sent change. `inherit` (or null) removes this object’s value so the next layer decides. A bad value answers 422 `invalid` naming the dotted field and the allowed values; an unknown or removed field answers 422 `unknown_field`.
         */
        post: operations["postSettings"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/settings/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a settings object (owner or admin)
         * @description The `ETag` header carries its version, for `If-Match` on PATCH and DELETE.
         */
        get: operations["getSettingsById"];
        put?: never;
        post?: never;
        /**
         * Delete a named settings object that is not assigned (owner or admin)
         * @description 409 settings_in_use while it is assigned anywhere, and always for own settings (they live as long as their workspace, member or meeting). `If-Match` as for PATCH.
         */
        delete: operations["deleteSettingsById"];
        options?: never;
        head?: never;
        /**
         * Change a settings object (owner or admin)
         * @description Partial at any depth: only the paths sent change. `inherit` (or null) removes this object’s value so the next layer decides. A bad value answers 422 `invalid` naming the dotted field and the allowed values; an unknown or removed field answers 422 `unknown_field`. With `If-Match: <ETag>` the write applies only to the version read, else 409 settings_changed. A change that alters upcoming meetings’ resolved settings emits meeting.updated for each of them (in the background when it reaches many).
         */
        patch: operations["patchSettingsById"];
        trace?: never;
    };
    "/policies/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Deprecated: the older path of PATCH /settings/{id}
         * @deprecated
         * @description Kept for older integrations; answers exactly as PATCH /settings/{id}, with `Deprecation` and a `Link` to the change history.
         */
        patch: operations["patchPoliciesById"];
        trace?: never;
    };
    "/settings_assignments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a workspace's settings assignments (owner or admin)
         * @description The workspace’s assignments, then its members’, a page of members at a time; within each, most specific first and, between equals, newest first (the order resolution walks). Meetings’ own assignments are read on each meeting’s settings block; account assignments on every block they reach.
         */
        get: operations["getSettingsAssignments"];
        put?: never;
        /**
         * Apply a settings object to one more scope (owner or admin)
         * @description Scope conditions `<kind>:<value>`, all of which must hold: exactly one of `accounts:acc_…` (alone), `workspaces:wks_…`, `members:mem_…`; then optionally `meetings:organized|internal|domain|external` and `calendar_event_series:<ical_uid>`; or `meetings:mtg_…` (implies its workspace, names no member). 422 names the index of the condition at fault. 409 scope_taken: the scope already has settings. 409 settings_conflict: own settings stay on their own scope, and settings apply only within their workspace (an account scope takes settings of a workspace the account created).
         */
        post: operations["postSettingsAssignments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/settings_assignments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a settings assignment (owner or admin) */
        get: operations["getSettingsAssignmentsById"];
        put?: never;
        post?: never;
        /**
         * Remove a settings assignment (owner or admin)
         * @description The scope falls back to the next layer. The assignment of own settings to their own scope cannot be removed: 409 settings_in_use.
         */
        delete: operations["deleteSettingsAssignmentsById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/summary_templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a workspace's custom summary templates, oldest first
         * @description Built-in templates (general, sales, interview, standup, one_on_one) are not listed; any of them or a `tpl_` id goes in `summary.template`.
         */
        get: operations["getSummaryTemplates"];
        put?: never;
        /** Create a custom summary template (owner or admin) */
        post: operations["postSummaryTemplates"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/summary_templates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a custom summary template */
        get: operations["getSummaryTemplatesById"];
        put?: never;
        post?: never;
        /**
         * Delete a template no settings use (owner or admin)
         * @description 409 settings_in_use while any settings object names it in `summary.template`.
         */
        delete: operations["deleteSummaryTemplatesById"];
        options?: never;
        head?: never;
        /**
         * Rename a template or replace its sections (owner or admin)
         * @description Summaries made from now on use the new sections; summaries already made keep theirs.
         */
        patch: operations["patchSummaryTemplatesById"];
        trace?: never;
    };
    "/calendar_events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Push a calendar event (one occurrence); answers the calendar event
         * @description One meeting per occurrence per workspace, identified by `ical_uid` and, for an occurrence of a recurring event, `original_starts_at` (its start before any reschedule; defaults to `starts_at`). Pushing again updates it (a reschedule or link change keeps the meeting); `cancelled: true` cancels the meeting. `metadata` is merged on every push. The same push twice changes nothing and emits nothing. When the meeting’s settings record it, a bot is scheduled to join 3 minutes before the start. 201 when the event is new, 200 otherwise. Limited to 1,000 pushes per minute per workspace.
         */
        post: operations["postCalendarEvents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/calendar_connect_links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a hosted link a member opens to connect a calendar
         * @description Body `provider`, `return_url`, and `member_id` or `member_data: { name, email, metadata }` (not both; with member_data the member is created when the user consents). On return the query string carries `member_id` and `calendar_connection_id` (or `error`). The link works once, for 24 hours. `email_match` answers 422 (removed in 2026-10-12).
         */
        post: operations["postCalendarConnectLinks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/calendar_connections/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a calendar connection */
        get: operations["getCalendarConnectionsById"];
        put?: never;
        post?: never;
        /**
         * Disconnect a calendar
         * @description The connection reads `disconnected` and calendar_connection.disconnected is emitted; its sync stops. Meetings already found stay. Disconnecting twice answers the same.
         */
        delete: operations["deleteCalendarConnectionsById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/calendar_connections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a workspace's calendar connections, oldest first */
        get: operations["getCalendarConnections"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/provider_callbacks/calendar/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change notifications of calendar providers (Google push channels, Microsoft Graph subscriptions)
         * @description Authenticated by the token given to the provider when watching (`X-Goog-Channel-Token`, or `clientState`); a Microsoft `validationToken` is echoed.
         */
        post: operations["postProviderCallbacksCalendarById"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/simulated_calendars/{email}/events/{event_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Development: add or change an event in a simulated calendar
         * @description Not available in production. Connected calendars of that account sync at once.
         */
        put: operations["putSimulatedCalendarsByEmailEventsByEventId"];
        post?: never;
        /** Development: cancel an event in a simulated calendar */
        delete: operations["deleteSimulatedCalendarsByEmailEventsByEventId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/simulated_calendars/{email}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Development: revoke the grant of a simulated calendar account
         * @description Its connections move to `error` at their next sync (started at once).
         */
        post: operations["postSimulatedCalendarsByEmailRevoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload an image for a brand kit (owner or admin)
         * @description `multipart/form-data` with the image in the part `file` (up to 10 MB), `workspace_id` (optional when the key belongs to exactly one workspace) and `purpose` (`brand_kit`, the default). The type is read from the bytes: PNG, JPEG, GIF, WebP or SVG, whatever the declared type or the name says (anything else answers 422 `unsupported_file_type`); the name’s extension is replaced when it does not match. Over 10 MB answers 413 `too_large` and nothing is stored.
         */
        post: operations["postFiles"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/files/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a file, with a fresh signed url
         * @description Any key belonging to the file’s workspace reads it; other keys get 404.
         */
        get: operations["getFilesById"];
        put?: never;
        post?: never;
        /**
         * Delete a file (owner or admin)
         * @description Brand kits that use the image keep their own copy of its bytes.
         */
        delete: operations["deleteFilesById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/files/{id}/content": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a file through the signed url of GET /files/{id}
         * @description No key: the signature is the credential (valid one year). An expired or altered link answers 401. Sent with its type, `X-Content-Type-Options: nosniff`, a restrictive `Content-Security-Policy`, and an SVG always as an attachment.
         */
        get: operations["getFilesByIdContent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/brand_kits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the brand kits a workspace owns or uses, oldest first */
        get: operations["getBrandKits"];
        put?: never;
        /**
         * Create a brand kit (owner or admin of the owner workspace)
         * @description Every group left out takes its default: a name from the workspace, the default tile, chat on with standard messages, the default email. The kit changes nothing until a workspace picks it through `branding.brand_kit_id`. Partial at any depth: only the fields sent change, and a read’s `bot` and `email` can be sent back as they are. A field the kit does not have answers 422 `unknown_field` with its dotted path.
         */
        post: operations["postBrandKits"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/brand_kits/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a brand kit, with a fresh preview link
         * @description Keys of the owner workspace and of the workspaces that use the kit see it; others get 404.
         */
        get: operations["getBrandKitsById"];
        put?: never;
        post?: never;
        /** Delete a brand kit no settings use (owner or admin of the owner workspace) */
        delete: operations["deleteBrandKitsById"];
        options?: never;
        head?: never;
        /**
         * Change a brand kit (owner or admin of the owner workspace)
         * @description Partial at any depth: only the fields sent change, and a read’s `bot` and `email` can be sent back as they are. A field the kit does not have answers 422 `unknown_field` with its dotted path. `workspace_ids` takes only `[]`: every workspace the key manages stops using the kit (their settings naming it leave `branding.brand_kit_id` to the next layer).
         */
        patch: operations["patchBrandKitsById"];
        trace?: never;
    };
    "/brand_kits/{id}/images/{image}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download one of a brand kit’s images through the signed url a kit read gives
         * @description No key: the signature is the credential (valid one year). An expired or altered link answers 401. Sent like a file download (SVG as an attachment).
         */
        get: operations["getBrandKitsByIdImagesByImage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces/{id}/brand_kit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workspace’s brand kit, in the flat shape (pins before 2026-10-12)
         * @deprecated
         * @description Deprecated and removed in 2026-10-12 (from then on 404): use GET /brand_kits?workspace_id=. The kit the workspace’s settings use, else the oldest it owns; 404 when it has none yet.
         */
        get: operations["getWorkspacesByIdBrandKit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the workspace’s brand kit, in the flat shape (pins before 2026-10-12; owner or admin)
         * @deprecated
         * @description Deprecated and removed in 2026-10-12 (from then on 404): use PATCH /brand_kits/{id}. Changes the kit GET answers; a workspace without one gets a new kit that its own settings use. Images are named by `file_` ids.
         */
        patch: operations["patchWorkspacesByIdBrandKit"];
        trace?: never;
    };
    "/meeting_bots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deprecated (2026-09-25): send a bot; use POST /bots
         * @deprecated
         * @description Deprecated: kept unchanged for older integrations. Answers exactly as POST /bots.
         */
        post: operations["postMeetingBots"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/meeting_bots/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Deprecated (2026-09-25): get a bot; use GET /bots/{id}
         * @deprecated
         * @description Deprecated: kept unchanged for older integrations. Answers exactly as GET /bots/{id}.
         */
        get: operations["getMeetingBotsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Deprecated (2026-08-14): list workspaces; use GET /workspaces
         * @deprecated
         * @description Deprecated: kept unchanged for older integrations. Answers exactly as GET /workspaces.
         */
        get: operations["getOrganizations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/transcriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Deprecated (2026-08-31); use GET /conversations. Not provided by this service
         * @deprecated
         * @description The conversations area is not provided by this service: every request answers 404 `not_found` naming the area, with `Deprecation` and a `deprecation` link.
         */
        get: operations["getTranscriptions"];
        put?: never;
        /**
         * Deprecated (2025-11-25); use POST /transcribe. Not provided by this service
         * @deprecated
         * @description The transcription and translation tasks area is not provided by this service: every request answers 404 `not_found` naming the area, with `Deprecation` and a `deprecation` link.
         */
        post: operations["postTranscriptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/task/transcription_translation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deprecated (2025-11-25); use POST /translate. Not provided by this service
         * @deprecated
         * @description The transcription and translation tasks area is not provided by this service: every request answers 404 `not_found` naming the area, with `Deprecation` and a `deprecation` link.
         */
        post: operations["postTaskTranscriptionTranslation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/task/transcription_translation/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Deprecated (2025-11-25); use GET /orders/{id}. Not provided by this service
         * @deprecated
         * @description The orders area is not provided by this service: every request answers 404 `not_found` naming the area, with `Deprecation` and a `deprecation` link.
         */
        get: operations["getTaskTranscriptionTranslationById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deprecated (2026-08-14); use POST /transcribe or POST /subtitle. Not provided by this service
         * @deprecated
         * @description The orders area is not provided by this service: every request answers 404 `not_found` naming the area, with `Deprecation` and a `deprecation` link.
         */
        post: operations["postOrders"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/translation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deprecated (2026-08-14); use POST /translate. Not provided by this service
         * @deprecated
         * @description The orders area is not provided by this service: every request answers 404 `not_found` naming the area, with `Deprecation` and a `deprecation` link.
         */
        post: operations["postOrdersTranslation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/transcriptions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Deprecated (2026-08-31); use GET /conversations/{id}. Not provided by this service
         * @deprecated
         * @description The conversations area is not provided by this service: every request answers 404 `not_found` naming the area, with `Deprecation` and a `deprecation` link.
         */
        get: operations["getTranscriptionsById"];
        put?: never;
        post?: never;
        /**
         * Deprecated (2026-08-31); use DELETE /conversations/{id}. Not provided by this service
         * @deprecated
         * @description The conversations area is not provided by this service: every request answers 404 `not_found` naming the area, with `Deprecation` and a `deprecation` link.
         */
        delete: operations["deleteTranscriptionsById"];
        options?: never;
        head?: never;
        /**
         * Deprecated (2026-08-31); use PATCH /conversations/{id}. Not provided by this service
         * @deprecated
         * @description The conversations area is not provided by this service: every request answers 404 `not_found` naming the area, with `Deprecation` and a `deprecation` link.
         */
        patch: operations["patchTranscriptionsById"];
        trace?: never;
    };
    "/transcriptions/{id}/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Deprecated (2026-08-31); use GET /conversations/{id}/summary. Not provided by this service
         * @deprecated
         * @description The conversations area is not provided by this service: every request answers 404 `not_found` naming the area, with `Deprecation` and a `deprecation` link.
         */
        get: operations["getTranscriptionsByIdSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/transcriptions/{id}/convert_to_subtitles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Deprecated (2026-08-31); use GET /conversations/{id}/convert_to_subtitles. Not provided by this service
         * @deprecated
         * @description The conversations area is not provided by this service: every request answers 404 `not_found` naming the area, with `Deprecation` and a `deprecation` link.
         */
        get: operations["getTranscriptionsByIdConvertToSubtitles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description Spec Errors › Body: `code` is a stable snake_case word; `field` names the one request field at fault. */
        Errors: {
            errors: {
                code: string;
                message: string;
                field?: string;
            }[];
        };
        AgentSession: {
            /** @description The user’s personal API key: keep it in the environment or a secret store, never echo it. */
            api_key: string;
            /** @description A workspace the user can write to: a wks_ id; the integer id for keys pinned before 2026-10-09. */
            workspace_id: string | number;
        };
        /** @description Spec Errors › Body: `code` is a stable snake_case word; `field` names the one request field at fault. */
        RateLimited: components["schemas"]["Errors"] & {
            retry_in_seconds: number;
        };
        WorkspaceList: {
            /** @enum {string} */
            object: "list";
            data: components["schemas"]["Workspace"][];
            has_more: boolean;
            _links: {
                next?: {
                    url: string;
                };
            };
        };
        Workspace: {
            /** @example wks_01jdz4m7k3q8v2n6x9c5b1t0aa */
            id: string;
            /** @enum {string} */
            object: "workspace";
            name: string;
            /** @enum {string} */
            role: "owner" | "admin" | "member" | "guest";
            metadata: {
                [key: string]: string;
            };
            created_at: string;
            updated_at: string;
            /** @description Staff keys only. */
            owner_email?: string | null;
            /** @description Staff keys only: members, excluding guests and deleted users. */
            members_count?: number;
            /** @description Staff keys only. */
            is_human_transcription_allowed?: boolean;
            /** @description Staff keys only. */
            is_human_translation_allowed?: boolean;
            /** @description Staff keys only. */
            email_domains?: string[];
            /** @description Staff keys only. */
            idp_company_names?: string[];
            /** @description Staff keys only. */
            currency?: string | null;
            settings?: components["schemas"]["SettingsBlock"];
        };
        /** @description What applies to the workspace’s meetings that no member, category, series or meeting decides; on the list only with include=settings. */
        SettingsBlock: {
            recording: {
                enabled: boolean;
                methods: {
                    bot: {
                        /** @enum {string} */
                        start: "on_join" | "on_command";
                        /** @enum {string} */
                        mode: "audio_and_video" | "audio_only";
                        silence_detection: {
                            alert: boolean;
                        };
                    };
                };
            };
            transcription: {
                language: string;
            };
            summary: {
                template: string;
                language: string;
            };
            branding: {
                brand_kit_id: string;
            };
            sources: {
                [key: string]: {
                    assignment_id: string | null;
                    /** @enum {string} */
                    reason?: "service_default";
                };
            };
            assignments: {
                id: string;
                settings_id: string;
                scope: string[];
                own: boolean;
            }[];
        };
        ArchivedWorkspace: {
            id: string;
            /** @enum {string} */
            object: "workspace";
            /** @enum {boolean} */
            archived: true;
        };
        Member: {
            /** @example mem_01jdz4m7k3q8v2n6x9c5b1t0aa */
            id: string;
            /** @enum {string} */
            object: "member";
            workspace_id: string;
            email: string | null;
            name: string;
            client_reference_id: string | null;
            metadata: {
                [key: string]: string;
            };
            created_at: string;
            settings?: components["schemas"]["SettingsBlock"] & unknown;
        };
        MemberList: {
            /** @enum {string} */
            object: "list";
            data: components["schemas"]["Member"][];
            has_more: boolean;
            _links: {
                next?: {
                    url: string;
                };
            };
        };
        DeletedMember: {
            id: string;
            /** @enum {string} */
            object: "member";
            /** @enum {boolean} */
            deleted: true;
        };
        Bot: {
            /** @example bot_01jdz4m7k3q8v2n6x9c5b1t0aa */
            id: string;
            /** @enum {string} */
            object: "bot";
            meeting_id: string;
            meeting_url: string;
            join_at: string | null;
            /** @enum {string} */
            status: "queued" | "joining" | "in_call" | "processing" | "completed" | "failed" | "cancelled";
            bot_name: string;
            bot_avatar: string | null;
            welcome_message: string | null;
            language: string;
            /** @enum {string} */
            recording_start: "on_join" | "on_command";
            /** @enum {string} */
            recording_mode: "audio_and_video" | "audio_only";
            silence_alert: boolean;
            summary_language: string | null;
            summary_template: string | null;
            participants: {
                email: string | null;
                name: string | null;
            }[];
            metadata: {
                [key: string]: string;
            };
            created_at: string;
            ended_at: string | null;
            /** @enum {string} */
            reason?: "no_recording" | "invalid_meeting_url" | "bot_error" | "transcription_failed";
            failure_message?: string | null;
        };
        BotList: {
            /** @enum {string} */
            object: "list";
            data: components["schemas"]["Bot"][];
            has_more: boolean;
            _links: {
                next?: {
                    url: string;
                };
            };
        };
        MeetingList: {
            /** @enum {string} */
            object: "list";
            data: components["schemas"]["Meeting"][];
            has_more: boolean;
            _links: {
                next?: {
                    url: string;
                };
            };
        };
        Meeting: {
            /** @example mtg_01jdz4m7k3q8v2n6x9c5b1t0aa */
            id: string;
            /** @enum {string} */
            object: "meeting";
            workspace_id: string;
            member_id: string | null;
            /** @enum {string} */
            source: "calendar_connection" | "calendar_sync" | "bot";
            /** @enum {string} */
            phase: "upcoming" | "live" | "past" | "cancelled";
            title: string | null;
            starts_at: string | null;
            ends_at: string | null;
            meeting_url: string | null;
            /** @enum {string|null} */
            platform: "meet" | "zoom" | "teams" | null;
            organizer: components["schemas"]["Person"];
            participants: components["schemas"]["Person"][];
            calendar_event: components["schemas"]["CalendarEvent"];
            settings?: components["schemas"]["SettingsBlock"];
            recordings: {
                id: string;
                /** @enum {string} */
                type: "bot";
                /** @enum {string} */
                status: "queued" | "joining" | "in_call" | "completed" | "failed" | "cancelled";
                started_at: string | null;
                ended_at: string | null;
            }[];
            results: {
                /** @enum {string} */
                status: "none" | "processing" | "ready" | "failed";
                transcript: {
                    /** @enum {string} */
                    status: "none" | "processing" | "ready" | "failed";
                    language: string | null;
                };
                summary: {
                    /** @enum {string} */
                    status: "none" | "processing" | "ready" | "failed";
                };
                media: {
                    /** @enum {string} */
                    status: "none" | "processing" | "ready" | "failed";
                    duration_seconds: number | null;
                };
            };
            metadata: {
                [key: string]: string;
            };
            created_at: string;
            updated_at: string;
        };
        Person: {
            name: string | null;
            email: string | null;
            member_id: string | null;
        } | null;
        CalendarEvent: {
            /** @example cev_01jdz4m7k3q8v2n6x9c5b1t0aa */
            id: string;
            /** @enum {string} */
            object: "calendar_event";
            meeting_id: string;
            ical_uid: string;
            recurring: boolean | null;
            title: string | null;
            starts_at: string;
            ends_at: string | null;
            meeting_url: string | null;
            organizer: {
                name: string | null;
                email: string | null;
                member_id: string | null;
            } | null;
            attendees: {
                name: string | null;
                email: string | null;
                member_id: string | null;
                /** @description `accepted`, `needs_action`, `declined`, `tentative`, or null when unknown. */
                response: string | null;
            }[];
            /** @enum {string} */
            source: "calendar_connection" | "calendar_sync";
            metadata: {
                [key: string]: string;
            };
            cancelled_at: string | null;
            created_at: string;
            updated_at: string;
        } | null;
        MeetingResults: {
            /** @enum {string} */
            object: "meeting_results";
            meeting_id: string;
            /** @enum {string} */
            status: "none" | "processing" | "ready" | "failed";
            transcript: {
                status: string;
                language: string | null;
                segments: {
                    speaker: string;
                    email: string | null;
                    member_id: string | null;
                    start: number;
                    end: number;
                    text: string;
                    words?: {
                        text: string;
                        start: number;
                        end: number;
                    }[];
                }[];
            };
            speakers: {
                name: string | null;
                email: string | null;
                member_id: string | null;
            }[];
            summary: {
                status: string;
                template: string | null;
                language: string | null;
                sections: {
                    title: string;
                    text: string;
                }[];
                action_items: {
                    text: string;
                    owner: string | null;
                }[];
            };
            media: {
                status: string;
                duration_seconds: number | null;
                audio_url: string | null;
                video_url: string | null;
                expires_at: string | null;
            };
        };
        WebhookEndpoint: {
            id: string;
            /** @enum {string} */
            object: "webhook_endpoint";
            workspace_id: string;
            url: string;
            enabled_events: string[];
            enabled: boolean;
            /**
             * @description Why the service disabled it: every delivery failed for 5 days. Null otherwise.
             * @enum {string|null}
             */
            disabled_reason: "failing_deliveries" | null;
            api_version: string;
            metadata: {
                [key: string]: string;
            };
            /** @description Only in the creation and rotation responses. */
            secret?: string;
            created_at: string;
            updated_at: string;
        };
        WebhookEndpointList: {
            /** @enum {string} */
            object: "list";
            data: components["schemas"]["WebhookEndpoint"][];
            has_more: boolean;
            _links: {
                next?: {
                    url: string;
                };
            };
        };
        WebhookEventList: {
            /** @enum {string} */
            object: "list";
            data: components["schemas"]["WebhookEvent"][];
            has_more: boolean;
            _links: {
                next?: {
                    url: string;
                };
            };
        };
        WebhookEvent: {
            id: string;
            /** @enum {string} */
            object: "webhook_event";
            type: string;
            created_at: string;
            /** @enum {string} */
            delivery_status: "none" | "pending" | "succeeded" | "failed";
            deliveries: {
                endpoint_id: string;
                /** @enum {string} */
                status: "pending" | "succeeded" | "failed";
                attempt_count: number;
                last_attempt_at: string | null;
                attempts?: {
                    number: number;
                    series: number;
                    started_at: string;
                    duration_ms: number;
                    status_code: number | null;
                    response_body: string | null;
                    error: string | null;
                }[];
            }[];
            data: {
                object: {
                    [key: string]: unknown;
                };
            };
        };
        SettingsList: {
            /** @enum {string} */
            object: "list";
            data: components["schemas"]["Settings"][];
            has_more: boolean;
            _links: {
                next?: {
                    url: string;
                };
            };
        };
        Settings: {
            /** @example set_01jdz4m7k3q8v2n6x9c5b1t0aa */
            id: string;
            /** @enum {string} */
            object: "settings";
            workspace_id: string;
            name: string | null;
            /** @description True for the own settings of a workspace, member or meeting (assigned to its own scope only). */
            own: boolean;
            recording: {
                /** @description null: this object leaves the value to the next layer. */
                enabled: boolean | null;
                methods: {
                    bot: {
                        /**
                         * @description null: this object leaves the value to the next layer.
                         * @enum {string|null}
                         */
                        start: "on_join" | "on_command" | null;
                        /**
                         * @description null: this object leaves the value to the next layer.
                         * @enum {string|null}
                         */
                        mode: "audio_and_video" | "audio_only" | null;
                        silence_detection: {
                            /** @description null: this object leaves the value to the next layer. */
                            alert: boolean | null;
                        };
                    };
                };
            };
            transcription: {
                /** @description null: this object leaves the value to the next layer. */
                language: string | null;
            };
            summary: {
                /** @description null: this object leaves the value to the next layer. */
                template: string | null;
                /** @description null: this object leaves the value to the next layer. */
                language: string | null;
            };
            branding: {
                /** @description null: this object leaves the value to the next layer. */
                brand_kit_id: string | null;
            };
            assignments: {
                id: string;
                scope: string[];
            }[];
            created_at: string;
            updated_at: string;
        };
        DeletedSettings: {
            id: string;
            /** @enum {string} */
            object: "settings";
            /** @enum {boolean} */
            deleted: true;
        };
        SettingsAssignmentList: {
            /** @enum {string} */
            object: "list";
            data: components["schemas"]["SettingsAssignment"][];
            has_more: boolean;
            _links: {
                next?: {
                    url: string;
                };
            };
        };
        SettingsAssignment: {
            /** @example asg_01jdz4m7k3q8v2n6x9c5b1t0aa */
            id: string;
            /** @enum {string} */
            object: "settings_assignment";
            settings_id: string;
            /**
             * @example [
             *       "members:mem_01jdz4m7k3q8v2n6x9c5b1t0aa",
             *       "meetings:external"
             *     ]
             */
            scope: string[];
            /** @description True for the assignment of an own settings object to its own scope (it cannot be deleted). */
            own: boolean;
            created_at: string;
        };
        DeletedSettingsAssignment: {
            id: string;
            /** @enum {string} */
            object: "settings_assignment";
            /** @enum {boolean} */
            deleted: true;
        };
        SummaryTemplateList: {
            /** @enum {string} */
            object: "list";
            data: components["schemas"]["SummaryTemplate"][];
            has_more: boolean;
            _links: {
                next?: {
                    url: string;
                };
            };
        };
        SummaryTemplate: {
            /** @example tpl_01jdz4m7k3q8v2n6x9c5b1t0aa */
            id: string;
            /** @enum {string} */
            object: "summary_template";
            workspace_id: string;
            name: string;
            sections: {
                title: string;
                instructions: string;
            }[];
            created_at: string;
            updated_at: string;
        };
        DeletedSummaryTemplate: {
            id: string;
            /** @enum {string} */
            object: "summary_template";
            /** @enum {boolean} */
            deleted: true;
        };
        CalendarConnectLink: {
            /** @example ccl_01jdz4m7k3q8v2n6x9c5b1t0aa */
            id: string;
            /** @enum {string} */
            object: "calendar_connect_link";
            /** @description The hosted page to send the member to; it leads to the provider’s consent. */
            url: string;
            workspace_id: string;
            /**
             * @description Null when the person chooses on the hosted page.
             * @enum {string|null}
             */
            provider: "google" | "microsoft" | null;
            /** @description Null for a link with member_data until the member consents. */
            member_id: string | null;
            return_url: string;
            expires_at: string;
            created_at: string;
        };
        CalendarConnection: {
            /** @example cal_01jdz4m7k3q8v2n6x9c5b1t0aa */
            id: string;
            /** @enum {string} */
            object: "calendar_connection";
            workspace_id: string;
            member_id: string;
            /** @enum {string} */
            provider: "google" | "microsoft";
            /** @enum {string} */
            status: "syncing" | "active" | "error" | "disconnected";
            account_email: string;
            error: {
                code: string;
                message: string;
            } | null;
            connected_at: string;
            last_synced_at: string | null;
            created_at: string;
        };
        CalendarConnectionList: {
            /** @enum {string} */
            object: "list";
            data: components["schemas"]["CalendarConnection"][];
            has_more: boolean;
            _links: {
                next?: {
                    url: string;
                };
            };
        };
        File: {
            id: string;
            /** @enum {string} */
            object: "file";
            /** @enum {string} */
            purpose: "brand_kit";
            workspace_id: string;
            filename: string;
            /** @enum {string} */
            content_type: "image/png" | "image/jpeg" | "image/gif" | "image/webp" | "image/svg+xml";
            size: number;
            /** @description Signed download URL, valid one year; a fresh one on every read. An SVG downloads as an attachment, never inline. */
            url: string;
            created_at: string;
        };
        FileUpload: {
            /**
             * Format: binary
             * @description The image, up to 10 MB.
             */
            file: string;
            workspace_id?: string;
            /** @enum {string} */
            purpose?: "brand_kit";
        };
        DeletedFile: {
            id: string;
            /** @enum {string} */
            object: "file";
            /** @enum {boolean} */
            deleted: true;
        };
        BrandKit: {
            id: string;
            /** @enum {string} */
            object: "brand_kit";
            /** @description The owner workspace; null when the key does not belong to it. */
            workspace_id: string | null;
            /** @description Workspaces among the key’s whose settings (`branding.brand_kit_id`, at the workspace level) use the kit. Read-only; PATCH may only empty it. */
            workspace_ids: string[];
            bot: {
                name: string;
                tile: {
                    /** @enum {string} */
                    type: "default" | "color" | "logo" | "image";
                    color: {
                        /** @description A CSS hex colour, `#rrggbb` or `#rgb`. */
                        background_color: string;
                    };
                    logo: {
                        /** @description The image: `id` is the file it was copied from, `url` the kit’s own copy (signed, one year). Written as a `file_` id or this object. */
                        file: {
                            id: string;
                            url: string;
                        } | null;
                        /** @description A CSS hex colour, `#rrggbb` or `#rgb`. */
                        background_color: string;
                        scale: number;
                    };
                    image: {
                        /** @description The image: `id` is the file it was copied from, `url` the kit’s own copy (signed, one year). Written as a `file_` id or this object. */
                        file: {
                            id: string;
                            url: string;
                        } | null;
                    };
                };
                chat: {
                    enabled: boolean;
                    recording_message: string;
                    paused_message: string;
                };
            };
            /** @description Only the object named after `type` is returned. */
            email: {
                /** @enum {string} */
                type: "default" | "branded";
                /** @description The standard email has no options. */
                default?: Record<string, never>;
                /** @description Only while `type` is `branded`; kept while the email is `default`. */
                branded?: {
                    /** @description The image: `id` is the file it was copied from, `url` the kit’s own copy (signed, one year). Written as a `file_` id or this object. */
                    logo: {
                        id: string;
                        url: string;
                    } | null;
                    /** @description A CSS hex colour, `#rrggbb` or `#rgb`. */
                    color: string;
                    website: string | null;
                    description: string | null;
                    cta: {
                        /** @enum {string} */
                        type: "open_meeting" | "none" | "link";
                        /** @description Only when `type` is `link`; `{{meeting_id}}` in the url stands for the meeting id. */
                        link?: {
                            label: string;
                            url: string;
                        };
                    };
                };
            };
            /** @description A page showing the kit as saved; opens without sign-in until `preview_expires_at`. */
            preview_url: string;
            preview_expires_at: string;
            metadata: {
                [key: string]: string;
            };
            created_at: string;
        };
        BrandKitList: {
            /** @enum {string} */
            object: "list";
            data: components["schemas"]["BrandKit"][];
            has_more: boolean;
            _links: {
                next?: {
                    url: string;
                };
            };
        };
        DeletedBrandKit: {
            id: string;
            /** @enum {string} */
            object: "brand_kit";
            /** @enum {boolean} */
            deleted: true;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    postAgentSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The code the user pasted.
                     * @example K7QF-2M9X-TB4R-8HZC-P0WD
                     */
                    token: string;
                };
            };
        };
        responses: {
            /** @description The user’s personal key and a workspace the user can write to. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentSession"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The signature or token is missing or wrong */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    getWorkspaces: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description Opaque continuation; reached only through `_links.next.url`. */
                cursor?: string;
                /** @description Comma-separated expansions; `settings` adds the settings block. */
                include?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of workspaces, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkspaceList"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    postWorkspaces: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @description Flat map of string keys to string values (numbers and booleans are stored as text); an empty-string value removes its key; the empty string removes every key. */
                    metadata?: {
                        [key: string]: string | number | boolean;
                    } | "";
                };
            };
        };
        responses: {
            /** @description The created workspace. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Workspace"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description workspace_creation_not_allowed: the key is only a guest in its workspaces */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description conflict: a request with this Idempotency-Key is still being processed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field; idempotency_key_reused: the Idempotency-Key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    getWorkspacesById: {
        parameters: {
            query?: {
                /** @description Comma-separated expansions; `settings` adds the settings block. */
                include?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The workspace. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Workspace"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    deleteWorkspacesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The workspace is archived. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ArchivedWorkspace"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description workspace_archive_not_allowed: only owners of the workspace archive it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    patchWorkspacesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    name?: string;
                    /** @description Flat map of string keys to string values (numbers and booleans are stored as text); an empty-string value removes its key; the empty string removes every key. */
                    metadata?: {
                        [key: string]: string | number | boolean;
                    } | "";
                };
            };
        };
        responses: {
            /** @description The updated workspace. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Workspace"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description workspace_update_not_allowed: only owners and admins of the workspace update it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    getMembers: {
        parameters: {
            query: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description Opaque continuation; reached only through `_links.next.url`. */
                cursor?: string;
                /** @description A `wks_` id (integer ids of older integrations are accepted too). */
                workspace_id: string | number;
                /** @description Only the member with this email (case-insensitive). */
                email?: string;
                /** @description Only members with this client reference id. */
                client_reference_id?: string;
                /** @description `settings` adds the settings block. */
                include?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of members, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemberList"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    postMembers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description A `wks_` id (integer ids of older integrations are accepted too).
                     * @example wks_01jd…
                     */
                    workspace_id: string | number;
                    name: string;
                    /** Format: email */
                    email?: string | null;
                    client_reference_id?: string | null;
                    /** @description Flat map of string keys to string values (numbers and booleans are stored as text); an empty-string value removes its key; the empty string removes every key. */
                    metadata?: {
                        [key: string]: string | number | boolean;
                    } | "";
                };
            };
        };
        responses: {
            /** @description The created member. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Member"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description conflict (field `email`): a member of the workspace already has this email */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field; idempotency_key_reused: the Idempotency-Key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    getMembersById: {
        parameters: {
            query?: {
                include?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The member. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Member"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    deleteMembersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The member is removed; its email can be used again. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedMember"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description workspace_owner: the member is an owner of the workspace */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    patchMembersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    name?: string;
                    /** @description null clears it. */
                    client_reference_id?: string | null;
                    /** @description Flat map of string keys to string values (numbers and booleans are stored as text); an empty-string value removes its key; the empty string removes every key. */
                    metadata?: {
                        [key: string]: string | number | boolean;
                    } | "";
                };
            };
        };
        responses: {
            /** @description The updated member. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Member"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    getBots: {
        parameters: {
            query: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description Opaque continuation; reached only through `_links.next.url`. */
                cursor?: string;
                /** @description A `wks_` id (integer ids of older integrations are accepted too). */
                workspace_id: string | number;
                meeting_id?: string;
                status?: "queued" | "joining" | "in_call" | "processing" | "completed" | "failed" | "cancelled";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of bots. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BotList"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description workspace_access_not_allowed: a guest sees only what is shared with it, not the workspace’s bots */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    postBots: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description A `wks_` id (integer ids of older integrations are accepted too).
                     * @example wks_01jd…
                     */
                    workspace_id: string | number;
                    /**
                     * @description Join link; normalised, and its platform detected.
                     * @example https://meet.google.com/abc-defg-hij
                     */
                    meeting_url: string;
                    /**
                     * Format: date-time
                     * @description When the meeting starts; the bot joins 3 minutes before. Null or absent: now.
                     */
                    join_at?: string | null;
                    bot_name?: string;
                    /** Format: uri */
                    bot_avatar?: string | null;
                    welcome_message?: string | null;
                    /** @enum {string} */
                    recording_start?: "on_join" | "on_command";
                    /** @enum {string} */
                    recording_mode?: "audio_and_video" | "audio_only";
                    silence_alert?: boolean;
                    summary_language?: string | null;
                    summary_template?: string;
                    /** @description The meeting becomes this member’s meeting. */
                    member_id?: string | null;
                    participants?: {
                        /** Format: email */
                        email: string;
                        name?: string | null;
                    }[];
                    /** @description Flat map of string keys to string values (numbers and booleans are stored as text); an empty-string value removes its key; the empty string removes every key. */
                    metadata?: {
                        [key: string]: string | number | boolean;
                    } | "";
                };
            };
        };
        responses: {
            /** @description The bot, queued; its meeting exists already. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bot"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description conflict: a request with this Idempotency-Key is still being processed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field; idempotency_key_reused: the Idempotency-Key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    getBotsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The bot. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bot"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    deleteBotsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The bot, cancelled. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bot"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description bot_not_cancellable: the bot is completed, failed or cancelled */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    patchBotsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Flat map of string keys to string values (numbers and booleans are stored as text); an empty-string value removes its key; the empty string removes every key. */
                    metadata: {
                        [key: string]: string | number | boolean;
                    } | "";
                };
            };
        };
        responses: {
            /** @description The bot. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bot"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description bot_not_editable: the bot is failed or cancelled */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    postBotsByIdCancel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The bot, cancelled. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bot"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description bot_not_cancellable: the bot is completed, failed or cancelled */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field; idempotency_key_reused: the Idempotency-Key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    getMeetings: {
        parameters: {
            query: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description Opaque continuation; reached only through `_links.next.url`. */
                cursor?: string;
                /** @description A `wks_` id (integer ids of older integrations are accepted too). */
                workspace_id: string | number;
                /** @description `settings` adds the settings block. */
                include?: string;
                phase?: "upcoming" | "live" | "past" | "cancelled";
                member_id?: string;
                starts_after?: string;
                starts_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of meetings. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MeetingList"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    postMeetings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description A `wks_` id (integer ids of older integrations are accepted too).
                     * @example wks_01jd…
                     */
                    workspace_id: string | number;
                    /**
                     * @description Join link; normalised, and its platform detected.
                     * @example https://meet.google.com/abc-defg-hij
                     */
                    meeting_url: string;
                    /**
                     * Format: date-time
                     * @description When the meeting starts; the bot joins 3 minutes before. Null or absent: now.
                     */
                    join_at?: string | null;
                    bot_name?: string;
                    /** Format: uri */
                    bot_avatar?: string | null;
                    welcome_message?: string | null;
                    /** @enum {string} */
                    recording_start?: "on_join" | "on_command";
                    /** @enum {string} */
                    recording_mode?: "audio_and_video" | "audio_only";
                    silence_alert?: boolean;
                    summary_language?: string | null;
                    summary_template?: string;
                    /** @description The meeting becomes this member’s meeting. */
                    member_id?: string | null;
                    participants?: {
                        /** Format: email */
                        email: string;
                        name?: string | null;
                    }[];
                    /** @description Flat map of string keys to string values (numbers and booleans are stored as text); an empty-string value removes its key; the empty string removes every key. */
                    metadata?: {
                        [key: string]: string | number | boolean;
                    } | "";
                };
            };
        };
        responses: {
            /** @description The bot, queued; its meeting exists already. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bot"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description conflict: a request with this Idempotency-Key is still being processed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field; idempotency_key_reused: the Idempotency-Key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    getMeetingsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The meeting; a bot for the deprecated bot form (a `bot_` id). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Meeting"] | components["schemas"]["Bot"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    patchMeetingsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A metadata map, or the empty string to remove every key. */
                    metadata: {
                        [key: string]: string | number | boolean;
                    } | "";
                };
            };
        };
        responses: {
            /** @description The meeting. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Meeting"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    getMeetingsByIdResults: {
        parameters: {
            query?: {
                include?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The results. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MeetingResults"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    getMediaByMeetingIdByFile: {
        parameters: {
            query?: {
                expires?: string;
                signature?: string;
            };
            header?: never;
            path: {
                meeting_id: string;
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The media bytes. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string;
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The signature or token is missing or wrong */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    postProviderCallbacksRecall: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": unknown;
            };
        };
        responses: {
            /** @description Received; `applied` tells whether a bot workflow was signalled. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        received: boolean;
                        applied: boolean;
                    };
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The signature or token is missing or wrong */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    getWebhookEndpoints: {
        parameters: {
            query: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description Opaque continuation; reached only through `_links.next.url`. */
                cursor?: string;
                /** @description A `wks_` id (integer ids of older integrations are accepted too). */
                workspace_id: string | number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of endpoints (without secrets). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointList"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    postWebhookEndpoints: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description A `wks_` id (integer ids of older integrations are accepted too).
                     * @example wks_01jd…
                     */
                    workspace_id: string | number;
                    /**
                     * Format: uri
                     * @description A public HTTPS URL (development setups may allow loopback http).
                     * @example https://hooks.example.com/notetaker
                     */
                    url: string;
                    /**
                     * @example [
                     *       "*"
                     *     ]
                     */
                    enabled_events: ("*" | "bot.recording_started" | "bot.recording_completed" | "bot.transcript_ready" | "bot.summary_ready" | "bot.failed" | "bot.cancelled" | "meeting.created" | "meeting.updated" | "meeting.finished" | "calendar_connection.connected" | "calendar_connection.disconnected" | "calendar_connection.error" | "webhook_endpoint.disabled")[];
                    secret?: string;
                    /** @description A version date (YYYY-MM-DD); the newest version on or before it. */
                    api_version?: string;
                    /** @description Flat map of string keys to string values (numbers and booleans are stored as text); an empty-string value removes its key; the empty string removes every key. */
                    metadata?: {
                        [key: string]: string | number | boolean;
                    } | "";
                };
            };
        };
        responses: {
            /** @description The endpoint, with its secret. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description conflict: a request with this Idempotency-Key is still being processed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field; idempotency_key_reused: the Idempotency-Key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    getWebhookEndpointsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint (without its secret). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    deleteWebhookEndpointsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        object: "webhook_endpoint";
                        /** @enum {boolean} */
                        deleted: true;
                    };
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    patchWebhookEndpointsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    url?: string;
                    enabled_events?: string[];
                    enabled?: boolean;
                    /** @description Flat map of string keys to string values (numbers and booleans are stored as text); an empty-string value removes its key; the empty string removes every key. */
                    metadata?: {
                        [key: string]: string | number | boolean;
                    } | "";
                };
            };
        };
        responses: {
            /** @description The endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    postWebhookEndpointsByIdRotateSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint with its new secret. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description conflict: a request with this Idempotency-Key is still being processed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field; idempotency_key_reused: the Idempotency-Key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    postWebhookEndpointsByIdTest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The receiver’s answer. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        event_id: string;
                        status_code: number | null;
                        error: string | null;
                        duration_ms: number;
                        response_body: string | null;
                    };
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description conflict: a request with this Idempotency-Key is still being processed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field; idempotency_key_reused: the Idempotency-Key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    getWebhookEvents: {
        parameters: {
            query: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description Opaque continuation; reached only through `_links.next.url`. */
                cursor?: string;
                /** @description A `wks_` id (integer ids of older integrations are accepted too). */
                workspace_id: string | number;
                delivery_status?: "pending" | "succeeded" | "failed";
                type?: string;
                endpoint_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEventList"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    getWebhookEventsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEvent"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    postWebhookEventsByIdRedeliver: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    endpoint_id?: string;
                };
            };
        };
        responses: {
            /** @description Redelivery started. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEvent"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description conflict: the event has no endpoint to deliver to, or was not delivered to the endpoint named; conflict: a request with this Idempotency-Key is still being processed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description gone: every endpoint named was removed */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field; idempotency_key_reused: the Idempotency-Key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    getSettings: {
        parameters: {
            query: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description Opaque continuation; reached only through `_links.next.url`. */
                cursor?: string;
                /** @description A `wks_` id (integer ids of older integrations are accepted too). */
                workspace_id: string | number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of settings objects. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SettingsList"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    postSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description A `wks_` id (integer ids of older integrations are accepted too).
                     * @example wks_01jd…
                     */
                    workspace_id: string | number;
                    name?: string | null;
                    /** @description `enabled` (boolean), `methods.bot.start` (`on_join`, `on_command`), `methods.bot.mode` (`audio_and_video`, `audio_only`), `methods.bot.silence_detection.alert` (boolean). */
                    recording?: {
                        enabled?: boolean | ("inherit" | null);
                        methods?: {
                            bot?: {
                                start?: ("on_join" | "on_command") | ("inherit" | null);
                                mode?: ("audio_and_video" | "audio_only") | ("inherit" | null);
                                silence_detection?: {
                                    alert?: boolean | ("inherit" | null);
                                };
                            };
                        };
                    };
                    /** @description `language`: a BCP-47 code, `auto` or `multi`. */
                    transcription?: {
                        language?: string | ("auto" | "multi") | ("inherit" | null);
                    };
                    /** @description `template`: a built-in slug or a `tpl_` id; `language`: a BCP-47 code or `same_as_transcript`. */
                    summary?: {
                        template?: ("general" | "sales" | "interview" | "standup" | "one_on_one") | string | ("inherit" | null);
                        language?: string | "same_as_transcript" | ("inherit" | null);
                    };
                    /** @description `brand_kit_id`: a `brk_` brand kit the workspace may use (its own, or one of another workspace of the same creator), or `none`. */
                    branding?: {
                        brand_kit_id?: "none" | string | ("inherit" | null);
                    };
                };
            };
        };
        responses: {
            /** @description The settings object. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Settings"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description conflict: a request with this Idempotency-Key is still being processed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field; idempotency_key_reused: the Idempotency-Key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    getSettingsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings object. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Settings"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    deleteSettingsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings object is gone. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedSettings"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description settings_in_use: own settings, or settings still assigned; settings_changed: `If-Match` names a version that is no longer current */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    patchSettingsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    name?: string | null;
                    /** @description `enabled` (boolean), `methods.bot.start` (`on_join`, `on_command`), `methods.bot.mode` (`audio_and_video`, `audio_only`), `methods.bot.silence_detection.alert` (boolean). */
                    recording?: {
                        enabled?: boolean | ("inherit" | null);
                        methods?: {
                            bot?: {
                                start?: ("on_join" | "on_command") | ("inherit" | null);
                                mode?: ("audio_and_video" | "audio_only") | ("inherit" | null);
                                silence_detection?: {
                                    alert?: boolean | ("inherit" | null);
                                };
                            };
                        };
                    };
                    /** @description `language`: a BCP-47 code, `auto` or `multi`. */
                    transcription?: {
                        language?: string | ("auto" | "multi") | ("inherit" | null);
                    };
                    /** @description `template`: a built-in slug or a `tpl_` id; `language`: a BCP-47 code or `same_as_transcript`. */
                    summary?: {
                        template?: ("general" | "sales" | "interview" | "standup" | "one_on_one") | string | ("inherit" | null);
                        language?: string | "same_as_transcript" | ("inherit" | null);
                    };
                    /** @description `brand_kit_id`: a `brk_` brand kit the workspace may use (its own, or one of another workspace of the same creator), or `none`. */
                    branding?: {
                        brand_kit_id?: "none" | string | ("inherit" | null);
                    };
                };
            };
        };
        responses: {
            /** @description The settings object. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Settings"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description settings_changed: `If-Match` names a version that is no longer current; meeting_live / meeting_not_upcoming: the settings are a meeting’s own and the meeting is live, or past or cancelled */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    patchPoliciesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    name?: string | null;
                    /** @description `enabled` (boolean), `methods.bot.start` (`on_join`, `on_command`), `methods.bot.mode` (`audio_and_video`, `audio_only`), `methods.bot.silence_detection.alert` (boolean). */
                    recording?: {
                        enabled?: boolean | ("inherit" | null);
                        methods?: {
                            bot?: {
                                start?: ("on_join" | "on_command") | ("inherit" | null);
                                mode?: ("audio_and_video" | "audio_only") | ("inherit" | null);
                                silence_detection?: {
                                    alert?: boolean | ("inherit" | null);
                                };
                            };
                        };
                    };
                    /** @description `language`: a BCP-47 code, `auto` or `multi`. */
                    transcription?: {
                        language?: string | ("auto" | "multi") | ("inherit" | null);
                    };
                    /** @description `template`: a built-in slug or a `tpl_` id; `language`: a BCP-47 code or `same_as_transcript`. */
                    summary?: {
                        template?: ("general" | "sales" | "interview" | "standup" | "one_on_one") | string | ("inherit" | null);
                        language?: string | "same_as_transcript" | ("inherit" | null);
                    };
                    /** @description `brand_kit_id`: a `brk_` brand kit the workspace may use (its own, or one of another workspace of the same creator), or `none`. */
                    branding?: {
                        brand_kit_id?: "none" | string | ("inherit" | null);
                    };
                };
            };
        };
        responses: {
            /** @description The settings object. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Settings"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description settings_changed: `If-Match` names a version that is no longer current; meeting_live / meeting_not_upcoming: the settings are a meeting’s own and the meeting is live, or past or cancelled */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    getSettingsAssignments: {
        parameters: {
            query: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description Opaque continuation; reached only through `_links.next.url`. */
                cursor?: string;
                /** @description A `wks_` id (integer ids of older integrations are accepted too). */
                workspace_id: string | number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of assignments. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SettingsAssignmentList"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    postSettingsAssignments: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example set_01jdz4m7k3q8v2n6x9c5b1t0aa */
                    settings_id: string;
                    /**
                     * @example [
                     *       "members:mem_01jdz4m7k3q8v2n6x9c5b1t0aa",
                     *       "meetings:external"
                     *     ]
                     */
                    scope?: string[];
                };
            };
        };
        responses: {
            /** @description The assignment. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SettingsAssignment"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description scope_taken: the scope already has settings; settings_conflict: own settings stay on their scope, and settings apply only within their workspace */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field; idempotency_key_reused: the Idempotency-Key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    getSettingsAssignmentsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The assignment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SettingsAssignment"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    deleteSettingsAssignmentsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The assignment is gone. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedSettingsAssignment"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description settings_in_use: the assignment of own settings to their own scope stays */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    getSummaryTemplates: {
        parameters: {
            query: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description Opaque continuation; reached only through `_links.next.url`. */
                cursor?: string;
                /** @description A `wks_` id (integer ids of older integrations are accepted too). */
                workspace_id: string | number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of templates. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SummaryTemplateList"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    postSummaryTemplates: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description A `wks_` id (integer ids of older integrations are accepted too).
                     * @example wks_01jd…
                     */
                    workspace_id: string | number;
                    name: string;
                    /** @description The summary’s sections, in order: a title and what the section should contain. */
                    sections: {
                        title: string;
                        /** @default  */
                        instructions?: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description The template. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SummaryTemplate"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description conflict: a request with this Idempotency-Key is still being processed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field; idempotency_key_reused: the Idempotency-Key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    getSummaryTemplatesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The template. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SummaryTemplate"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    deleteSummaryTemplatesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The template is gone. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedSummaryTemplate"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description settings_in_use: settings still name the template */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    patchSummaryTemplatesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    name?: string;
                    /** @description The summary’s sections, in order: a title and what the section should contain. */
                    sections?: {
                        title: string;
                        /** @default  */
                        instructions?: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description The template. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SummaryTemplate"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    postCalendarEvents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description A `wks_` id (integer ids of older integrations are accepted too).
                     * @example wks_01jd…
                     */
                    workspace_id: string | number;
                    /** @description The member whose calendar holds the event (a member-role key pushes for its own member). */
                    member_id?: string | null;
                    /** @description Instead of member_id: the member with this email, created when the workspace has none (counts toward the hourly member limit). */
                    member_data?: {
                        name: string;
                        /** Format: email */
                        email: string;
                        /** @description Flat map of string keys to string values (numbers and booleans are stored as text); an empty-string value removes its key; the empty string removes every key. */
                        metadata?: {
                            [key: string]: string | number | boolean;
                        } | "";
                    };
                    ical_uid: string;
                    /** @description Whether the event belongs to a recurring series (default false). */
                    recurring?: boolean;
                    /**
                     * Format: date-time
                     * @description For an occurrence of a recurring event: its original start (iCalendar RECURRENCE-ID).
                     */
                    original_starts_at?: string;
                    title?: string | null;
                    /** Format: date-time */
                    starts_at: string;
                    /** Format: date-time */
                    ends_at?: string | null;
                    meeting_url?: string | null;
                    organizer?: {
                        name?: string | null;
                        /** Format: email */
                        email?: string | null;
                    } | null;
                    attendees?: {
                        /** Format: email */
                        email: string;
                        name?: string | null;
                        /** @enum {string|null} */
                        response?: "accepted" | "needs_action" | "declined" | "tentative" | null;
                    }[];
                    cancelled?: boolean;
                    /** @description Flat map of string keys to string values (numbers and booleans are stored as text); an empty-string value removes its key; the empty string removes every key. */
                    metadata?: {
                        [key: string]: string | number | boolean;
                    } | "";
                };
            };
        };
        responses: {
            /** @description The calendar event existed: the push updated it, or changed nothing. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CalendarEvent"];
                };
            };
            /** @description The calendar event, new. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CalendarEvent"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description shared_meeting: a member-role key pushed an occurrence held by another member’s calendar; no_calendar_event: a cancellation of an occurrence never pushed; conflict: a request with this Idempotency-Key is still being processed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field; idempotency_key_reused: the Idempotency-Key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    postCalendarConnectLinks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Optional with member_id: the member names its workspace.
                     * @example wks_01jd…
                     */
                    workspace_id?: string | number;
                    /**
                     * @description Without it, the hosted page lets the person choose Google or Microsoft.
                     * @enum {string}
                     */
                    provider?: "google" | "microsoft";
                    /** Format: uri */
                    return_url: string;
                    member_id?: string;
                    member_data?: {
                        name: string;
                        /** Format: email */
                        email?: string | null;
                        /** @description Flat map of string keys to string values (numbers and booleans are stored as text); an empty-string value removes its key; the empty string removes every key. */
                        metadata?: {
                            [key: string]: string | number | boolean;
                        } | "";
                    };
                    /** @description Removed in 2026-10-12: 422 `unknown_field` when sent. Earlier pins: `exact` (default), `domain` or `any`. */
                    email_match?: unknown;
                };
            };
        };
        responses: {
            /** @description The link. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CalendarConnectLink"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description calendar_already_connected: the member already has a syncing or active connection with that provider; conflict: a request with this Idempotency-Key is still being processed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field; idempotency_key_reused: the Idempotency-Key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    getCalendarConnectionsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The connection. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CalendarConnection"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    deleteCalendarConnectionsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The connection, disconnected. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CalendarConnection"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    getCalendarConnections: {
        parameters: {
            query: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description Opaque continuation; reached only through `_links.next.url`. */
                cursor?: string;
                /** @description A `wks_` id (integer ids of older integrations are accepted too). */
                workspace_id: string | number;
                member_id?: string;
                status?: "syncing" | "active" | "error" | "disconnected";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of connections. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CalendarConnectionList"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description workspace_access_not_allowed: a guest sees only what is shared with it, not the workspace’s calendar connections */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    postProviderCallbacksCalendarById: {
        parameters: {
            query?: {
                validationToken?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": unknown;
            };
        };
        responses: {
            /** @description A Microsoft subscription validation: the `validationToken` echoed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description Received; a sync follows. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        received: true;
                    };
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The signature or token is missing or wrong */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    putSimulatedCalendarsByEmailEventsByEventId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                email: string;
                event_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title?: string | null;
                    /** Format: date-time */
                    starts_at: string;
                    /** Format: date-time */
                    ends_at?: string | null;
                    meeting_url?: string | null;
                    ical_uid?: string;
                    recurring?: boolean;
                    /** Format: date-time */
                    original_starts_at?: string | null;
                    organizer?: {
                        name?: string | null;
                        /** Format: email */
                        email?: string | null;
                    } | null;
                    attendees?: {
                        name?: string | null;
                        /** Format: email */
                        email: string;
                        /** @enum {string|null} */
                        response?: "accepted" | "needs_action" | "declined" | "tentative" | null;
                    }[];
                };
            };
        };
        responses: {
            /** @description The event is in the simulated calendar. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        account_email: string;
                        event_id?: string;
                        status: string;
                    };
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    deleteSimulatedCalendarsByEmailEventsByEventId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                email: string;
                event_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event is cancelled in the simulated calendar. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        account_email: string;
                        event_id?: string;
                        status: string;
                    };
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    postSimulatedCalendarsByEmailRevoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                email: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The grant is revoked. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        account_email: string;
                        event_id?: string;
                        status: string;
                    };
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description conflict: a request with this Idempotency-Key is still being processed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field; idempotency_key_reused: the Idempotency-Key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    postFiles: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["FileUpload"];
            };
        };
        responses: {
            /** @description The file, with a signed url valid one year. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["File"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description conflict: a request with this Idempotency-Key is still being processed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description too_large: the file is over 10 MB; nothing was stored */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field; idempotency_key_reused: the Idempotency-Key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    getFilesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["File"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    deleteFilesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file is gone. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedFile"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    getFilesByIdContent: {
        parameters: {
            query?: {
                expires?: string;
                signature?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The image bytes. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                    "image/jpeg": string;
                    "image/gif": string;
                    "image/webp": string;
                    "image/svg+xml": string;
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The signature or token is missing or wrong */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    getBrandKits: {
        parameters: {
            query: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description Opaque continuation; reached only through `_links.next.url`. */
                cursor?: string;
                /** @description A `wks_` id (integer ids of older integrations are accepted too). */
                workspace_id: string | number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of brand kits. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BrandKitList"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    postBrandKits: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * @description A `wks_` id (integer ids of older integrations are accepted too).
                     * @example wks_01jd…
                     */
                    workspace_id?: string | number;
                    bot?: {
                        /** @description The notetaker’s name in the call (at most 100 characters). */
                        name?: string;
                        /** @description What the tile shows: `type`, and the options of each type (kept while another is chosen). */
                        tile?: {
                            /** @enum {string} */
                            type?: "default" | "color" | "logo" | "image";
                            color?: {
                                /**
                                 * @description A hex colour, `#rrggbb` or `#rgb`.
                                 * @example #1f2937
                                 */
                                background_color?: string;
                            };
                            logo?: {
                                /** @description An uploaded image: a `file_` id, or the `{ id, url }` object a read returns (kept as it is when it names the image the kit has); null removes it. The kit copies the file’s bytes. */
                                file?: string | {
                                    id: string;
                                    url?: string;
                                } | null;
                                /**
                                 * @description A hex colour, `#rrggbb` or `#rgb`.
                                 * @example #1f2937
                                 */
                                background_color?: string;
                                /** @description Logo size in the tile, 0.1 to 2 (1: fits the tile). */
                                scale?: number;
                            };
                            image?: {
                                /** @description An uploaded image: a `file_` id, or the `{ id, url }` object a read returns (kept as it is when it names the image the kit has); null removes it. The kit copies the file’s bytes. */
                                file?: string | {
                                    id: string;
                                    url?: string;
                                } | null;
                            };
                        };
                        chat?: {
                            enabled?: boolean;
                            recording_message?: string;
                            paused_message?: string;
                        };
                    };
                    email?: {
                        /** @enum {string} */
                        type?: "default" | "branded";
                        /** @description The standard email has no options. */
                        default?: Record<string, never>;
                        /** @description Options of the branded email, kept while the email is `default`. */
                        branded?: {
                            /** @description An uploaded image: a `file_` id, or the `{ id, url }` object a read returns (kept as it is when it names the image the kit has); null removes it. The kit copies the file’s bytes. */
                            logo?: string | {
                                id: string;
                                url?: string;
                            } | null;
                            /**
                             * @description A hex colour, `#rrggbb` or `#rgb`.
                             * @example #1f2937
                             */
                            color?: string;
                            website?: string | null;
                            description?: string | null;
                            cta?: {
                                /** @enum {string} */
                                type?: "open_meeting" | "none" | "link";
                                link?: {
                                    label?: string;
                                    /** @description An http(s) link; `{{meeting_id}}` in it stands for the meeting id of each email. */
                                    url?: string;
                                } | null;
                            };
                        };
                    };
                    /** @description Flat map of string keys to string values (numbers and booleans are stored as text); an empty-string value removes its key; the empty string removes every key. */
                    metadata?: {
                        [key: string]: string | number | boolean;
                    } | "";
                };
            };
        };
        responses: {
            /** @description The brand kit. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BrandKit"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description conflict: a request with this Idempotency-Key is still being processed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field; idempotency_key_reused: the Idempotency-Key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    getBrandKitsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The brand kit. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BrandKit"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    deleteBrandKitsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The kit is gone. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedBrandKit"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description settings_in_use: settings still name the kit in branding.brand_kit_id */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    patchBrandKitsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    bot?: {
                        /** @description The notetaker’s name in the call (at most 100 characters). */
                        name?: string;
                        /** @description What the tile shows: `type`, and the options of each type (kept while another is chosen). */
                        tile?: {
                            /** @enum {string} */
                            type?: "default" | "color" | "logo" | "image";
                            color?: {
                                /**
                                 * @description A hex colour, `#rrggbb` or `#rgb`.
                                 * @example #1f2937
                                 */
                                background_color?: string;
                            };
                            logo?: {
                                /** @description An uploaded image: a `file_` id, or the `{ id, url }` object a read returns (kept as it is when it names the image the kit has); null removes it. The kit copies the file’s bytes. */
                                file?: string | {
                                    id: string;
                                    url?: string;
                                } | null;
                                /**
                                 * @description A hex colour, `#rrggbb` or `#rgb`.
                                 * @example #1f2937
                                 */
                                background_color?: string;
                                /** @description Logo size in the tile, 0.1 to 2 (1: fits the tile). */
                                scale?: number;
                            };
                            image?: {
                                /** @description An uploaded image: a `file_` id, or the `{ id, url }` object a read returns (kept as it is when it names the image the kit has); null removes it. The kit copies the file’s bytes. */
                                file?: string | {
                                    id: string;
                                    url?: string;
                                } | null;
                            };
                        };
                        chat?: {
                            enabled?: boolean;
                            recording_message?: string;
                            paused_message?: string;
                        };
                    };
                    email?: {
                        /** @enum {string} */
                        type?: "default" | "branded";
                        /** @description The standard email has no options. */
                        default?: Record<string, never>;
                        /** @description Options of the branded email, kept while the email is `default`. */
                        branded?: {
                            /** @description An uploaded image: a `file_` id, or the `{ id, url }` object a read returns (kept as it is when it names the image the kit has); null removes it. The kit copies the file’s bytes. */
                            logo?: string | {
                                id: string;
                                url?: string;
                            } | null;
                            /**
                             * @description A hex colour, `#rrggbb` or `#rgb`.
                             * @example #1f2937
                             */
                            color?: string;
                            website?: string | null;
                            description?: string | null;
                            cta?: {
                                /** @enum {string} */
                                type?: "open_meeting" | "none" | "link";
                                link?: {
                                    label?: string;
                                    /** @description An http(s) link; `{{meeting_id}}` in it stands for the meeting id of each email. */
                                    url?: string;
                                } | null;
                            };
                        };
                    };
                    /** @description Flat map of string keys to string values (numbers and booleans are stored as text); an empty-string value removes its key; the empty string removes every key. */
                    metadata?: {
                        [key: string]: string | number | boolean;
                    } | "";
                    workspace_ids?: string[];
                };
            };
        };
        responses: {
            /** @description The brand kit. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BrandKit"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    getBrandKitsByIdImagesByImage: {
        parameters: {
            query?: {
                expires?: string;
                signature?: string;
            };
            header?: never;
            path: {
                id: string;
                image: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The image bytes. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                    "image/jpeg": string;
                    "image/gif": string;
                    "image/webp": string;
                    "image/svg+xml": string;
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The signature or token is missing or wrong */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    getWorkspacesByIdBrandKit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The brand kit. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BrandKit"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    patchWorkspacesByIdBrandKit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    bot?: {
                        /** @description The notetaker’s name in the call (at most 100 characters). */
                        name?: string;
                        /** @description What the tile shows: `type`, and the options of each type (kept while another is chosen). */
                        tile?: {
                            /** @enum {string} */
                            type?: "default" | "color" | "logo" | "image";
                            color?: {
                                /**
                                 * @description A hex colour, `#rrggbb` or `#rgb`.
                                 * @example #1f2937
                                 */
                                background_color?: string;
                            };
                            logo?: {
                                /** @description An uploaded image: a `file_` id, or the `{ id, url }` object a read returns (kept as it is when it names the image the kit has); null removes it. The kit copies the file’s bytes. */
                                file?: string | {
                                    id: string;
                                    url?: string;
                                } | null;
                                /**
                                 * @description A hex colour, `#rrggbb` or `#rgb`.
                                 * @example #1f2937
                                 */
                                background_color?: string;
                                /** @description Logo size in the tile, 0.1 to 2 (1: fits the tile). */
                                scale?: number;
                            };
                            image?: {
                                /** @description An uploaded image: a `file_` id, or the `{ id, url }` object a read returns (kept as it is when it names the image the kit has); null removes it. The kit copies the file’s bytes. */
                                file?: string | {
                                    id: string;
                                    url?: string;
                                } | null;
                            };
                        };
                        chat?: {
                            enabled?: boolean;
                            recording_message?: string;
                            paused_message?: string;
                        };
                    };
                    email?: {
                        /** @enum {string} */
                        type?: "default" | "branded";
                        /** @description The standard email has no options. */
                        default?: Record<string, never>;
                        /** @description Options of the branded email, kept while the email is `default`. */
                        branded?: {
                            /** @description An uploaded image: a `file_` id, or the `{ id, url }` object a read returns (kept as it is when it names the image the kit has); null removes it. The kit copies the file’s bytes. */
                            logo?: string | {
                                id: string;
                                url?: string;
                            } | null;
                            /**
                             * @description A hex colour, `#rrggbb` or `#rgb`.
                             * @example #1f2937
                             */
                            color?: string;
                            website?: string | null;
                            description?: string | null;
                            cta?: {
                                /** @enum {string} */
                                type?: "open_meeting" | "none" | "link";
                                link?: {
                                    label?: string;
                                    /** @description An http(s) link; `{{meeting_id}}` in it stands for the meeting id of each email. */
                                    url?: string;
                                } | null;
                            };
                        };
                    };
                    /** @description Flat map of string keys to string values (numbers and booleans are stored as text); an empty-string value removes its key; the empty string removes every key. */
                    metadata?: {
                        [key: string]: string | number | boolean;
                    } | "";
                };
            };
        };
        responses: {
            /** @description The brand kit. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BrandKit"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    postMeetingBots: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description A `wks_` id (integer ids of older integrations are accepted too).
                     * @example wks_01jd…
                     */
                    workspace_id: string | number;
                    /**
                     * @description Join link; normalised, and its platform detected.
                     * @example https://meet.google.com/abc-defg-hij
                     */
                    meeting_url: string;
                    /**
                     * Format: date-time
                     * @description When the meeting starts; the bot joins 3 minutes before. Null or absent: now.
                     */
                    join_at?: string | null;
                    bot_name?: string;
                    /** Format: uri */
                    bot_avatar?: string | null;
                    welcome_message?: string | null;
                    /** @enum {string} */
                    recording_start?: "on_join" | "on_command";
                    /** @enum {string} */
                    recording_mode?: "audio_and_video" | "audio_only";
                    silence_alert?: boolean;
                    summary_language?: string | null;
                    summary_template?: string;
                    /** @description The meeting becomes this member’s meeting. */
                    member_id?: string | null;
                    participants?: {
                        /** Format: email */
                        email: string;
                        name?: string | null;
                    }[];
                    /** @description Flat map of string keys to string values (numbers and booleans are stored as text); an empty-string value removes its key; the empty string removes every key. */
                    metadata?: {
                        [key: string]: string | number | boolean;
                    } | "";
                };
            };
        };
        responses: {
            /** @description The bot, queued; its meeting exists already. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bot"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description conflict: a request with this Idempotency-Key is still being processed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field; idempotency_key_reused: the Idempotency-Key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    getMeetingBotsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The bot. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bot"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    getOrganizations: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description Opaque continuation; reached only through `_links.next.url`. */
                cursor?: string;
                /** @description Comma-separated expansions; `settings` adds the settings block. */
                include?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of workspaces, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkspaceList"];
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    getTranscriptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Never: the area is not provided. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    postTranscriptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Never: the area is not provided. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description conflict: a request with this Idempotency-Key is still being processed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field; idempotency_key_reused: the Idempotency-Key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    postTaskTranscriptionTranslation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Never: the area is not provided. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description conflict: a request with this Idempotency-Key is still being processed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field; idempotency_key_reused: the Idempotency-Key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    getTaskTranscriptionTranslationById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Never: the area is not provided. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    postOrders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Never: the area is not provided. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description conflict: a request with this Idempotency-Key is still being processed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field; idempotency_key_reused: the Idempotency-Key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    postOrdersTranslation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Never: the area is not provided. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description conflict: a request with this Idempotency-Key is still being processed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field; idempotency_key_reused: the Idempotency-Key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    getTranscriptionsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Never: the area is not provided. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    deleteTranscriptionsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Never: the area is not provided. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    patchTranscriptionsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Never: the area is not provided. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    getTranscriptionsByIdSummary: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Never: the area is not provided. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
    getTranscriptionsByIdConvertToSubtitles: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Never: the area is not provided. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description Bad request: the body could not be parsed, a required parameter is missing, a cursor is not one this API made, or Service-Version is not a version date */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Missing or invalid key, or no access to the workspace */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Not found, or not visible to the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The Accept header allows no application/json */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Validation failed: one error per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Rate limited: from the API as JSON with `retry_in_seconds` equal to the `Retry-After` header; from the per-IP flood limit in front of the API as plain text */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                    "text/plain": string;
                };
            };
            /** @description provider_unavailable: the database cannot be reached right now; nothing was changed (Retry-After says when to try again) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
        };
    };
}
