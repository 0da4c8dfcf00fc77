/**
 * OpenAPI links (https://spec.openapis.org/oas/v3.1.0#link-object) of the success response of
 * each operation that makes or lists objects: which later operations take the ids it answers.
 * They tell a reader, and a stateful fuzzer (test/e2e/fuzz.test.ts), how the operations chain.
 * Keyed by `METHOD /path`; a link's `target` is `METHOD /path` too. `parameters` map a target's
 * parameter (optionally prefixed `path.`/`query.`) to a runtime expression; `requestBody` fields
 * are merged into the target's body. RouteTable.finish refuses a link to an unknown operation.
 */
export type OpenApiLink = {
  target: string;
  parameters?: Record<string, string>;
  requestBody?: Record<string, string>;
  description?: string;
};

const ID = '$response.body#/id';
const FIRST = '$response.body#/data/0/id';

/**
 * Every operation that takes a workspace id (`source` is where the id is in the answer). Archiving
 * is linked from none: it hides everything made in the workspace (a stateful fuzzer that archived
 * the workspace between making an endpoint and changing it reported the endpoint "created, then
 * not found"), so it is never a step of a chain.
 */
function workspaceLinks(source: string): Record<string, OpenApiLink> {
  const inQuery = (target: string): OpenApiLink => ({ target, parameters: { 'query.workspace_id': source } });
  const inBody = (target: string): OpenApiLink => ({ target, requestBody: { workspace_id: source } });
  return {
    GetWorkspace: { target: 'GET /workspaces/{id}', parameters: { 'path.id': source } },
    UpdateWorkspace: { target: 'PATCH /workspaces/{id}', parameters: { 'path.id': source } },
    CreateMember: inBody('POST /members'),
    ListMembers: inQuery('GET /members'),
    SendBot: inBody('POST /bots'),
    ListBots: inQuery('GET /bots'),
    ListMeetings: inQuery('GET /meetings'),
    PushCalendarEvent: inBody('POST /calendar_events'),
    CreateConnectLink: inBody('POST /calendar_connect_links'),
    ListCalendarConnections: inQuery('GET /calendar_connections'),
    CreateWebhookEndpoint: inBody('POST /webhook_endpoints'),
    ListWebhookEndpoints: inQuery('GET /webhook_endpoints'),
    ListWebhookEvents: inQuery('GET /webhook_events'),
    ListSettings: inQuery('GET /settings'),
    CreateSettings: inBody('POST /settings'),
    ListSettingsAssignments: inQuery('GET /settings_assignments'),
    ListSummaryTemplates: inQuery('GET /summary_templates'),
    CreateSummaryTemplate: inBody('POST /summary_templates'),
  };
}

function memberLinks(id: string, workspaceId: string): Record<string, OpenApiLink> {
  return {
    GetMember: { target: 'GET /members/{id}', parameters: { 'path.id': id } },
    UpdateMember: { target: 'PATCH /members/{id}', parameters: { 'path.id': id } },
    DeleteMember: { target: 'DELETE /members/{id}', parameters: { 'path.id': id } },
    SendBotForMember: { target: 'POST /bots', requestBody: { workspace_id: workspaceId, member_id: id } },
    PushCalendarEventForMember: {
      target: 'POST /calendar_events',
      requestBody: { workspace_id: workspaceId, member_id: id },
    },
    CreateConnectLinkForMember: {
      target: 'POST /calendar_connect_links',
      requestBody: { workspace_id: workspaceId, member_id: id },
    },
    ListMemberCalendarConnections: {
      target: 'GET /calendar_connections',
      parameters: { 'query.workspace_id': workspaceId, 'query.member_id': id },
    },
  };
}

function botLinks(id: string, meetingId: string, workspaceId: string): Record<string, OpenApiLink> {
  return {
    GetBot: { target: 'GET /bots/{id}', parameters: { 'path.id': id } },
    UpdateBot: { target: 'PATCH /bots/{id}', parameters: { 'path.id': id } },
    CancelBot: { target: 'POST /bots/{id}/cancel', parameters: { 'path.id': id } },
    DeleteBot: { target: 'DELETE /bots/{id}', parameters: { 'path.id': id } },
    ListMeetingBots: {
      target: 'GET /bots',
      parameters: { 'query.workspace_id': workspaceId, 'query.meeting_id': meetingId },
    },
    ...meetingLinks(meetingId),
  };
}

function meetingLinks(meetingId: string): Record<string, OpenApiLink> {
  return {
    GetMeeting: { target: 'GET /meetings/{id}', parameters: { 'path.id': meetingId } },
    UpdateMeeting: { target: 'PATCH /meetings/{id}', parameters: { 'path.id': meetingId } },
    GetMeetingResults: { target: 'GET /meetings/{id}/results', parameters: { 'path.id': meetingId } },
  };
}

function endpointLinks(id: string, workspaceId: string): Record<string, OpenApiLink> {
  return {
    GetWebhookEndpoint: { target: 'GET /webhook_endpoints/{id}', parameters: { 'path.id': id } },
    UpdateWebhookEndpoint: { target: 'PATCH /webhook_endpoints/{id}', parameters: { 'path.id': id } },
    DeleteWebhookEndpoint: { target: 'DELETE /webhook_endpoints/{id}', parameters: { 'path.id': id } },
    RotateWebhookSecret: { target: 'POST /webhook_endpoints/{id}/rotate_secret', parameters: { 'path.id': id } },
    TestWebhookEndpoint: { target: 'POST /webhook_endpoints/{id}/test', parameters: { 'path.id': id } },
    ListEndpointEvents: {
      target: 'GET /webhook_events',
      parameters: { 'query.workspace_id': workspaceId, 'query.endpoint_id': id },
    },
  };
}

function eventLinks(id: string): Record<string, OpenApiLink> {
  return {
    GetWebhookEvent: { target: 'GET /webhook_events/{id}', parameters: { 'path.id': id } },
    RedeliverWebhookEvent: { target: 'POST /webhook_events/{id}/redeliver', parameters: { 'path.id': id } },
  };
}

function settingsLinks(id: string): Record<string, OpenApiLink> {
  return {
    GetSettings: { target: 'GET /settings/{id}', parameters: { 'path.id': id } },
    UpdateSettings: { target: 'PATCH /settings/{id}', parameters: { 'path.id': id } },
    UpdatePolicy: { target: 'PATCH /policies/{id}', parameters: { 'path.id': id } },
    DeleteSettings: { target: 'DELETE /settings/{id}', parameters: { 'path.id': id } },
    AssignSettings: { target: 'POST /settings_assignments', requestBody: { settings_id: id } },
  };
}

function assignmentLinks(id: string): Record<string, OpenApiLink> {
  return {
    GetSettingsAssignment: { target: 'GET /settings_assignments/{id}', parameters: { 'path.id': id } },
    DeleteSettingsAssignment: { target: 'DELETE /settings_assignments/{id}', parameters: { 'path.id': id } },
  };
}

function templateLinks(id: string, workspaceId: string): Record<string, OpenApiLink> {
  return {
    GetSummaryTemplate: { target: 'GET /summary_templates/{id}', parameters: { 'path.id': id } },
    UpdateSummaryTemplate: { target: 'PATCH /summary_templates/{id}', parameters: { 'path.id': id } },
    DeleteSummaryTemplate: { target: 'DELETE /summary_templates/{id}', parameters: { 'path.id': id } },
    SendBotWithTemplate: { target: 'POST /bots', requestBody: { workspace_id: workspaceId, summary_template: id } },
  };
}

function connectionLinks(id: string, email: string): Record<string, OpenApiLink> {
  return {
    GetCalendarConnection: { target: 'GET /calendar_connections/{id}', parameters: { 'path.id': id } },
    DisconnectCalendar: { target: 'DELETE /calendar_connections/{id}', parameters: { 'path.id': id } },
    PutSimulatedEvent: {
      target: 'PUT /simulated_calendars/{email}/events/{event_id}',
      parameters: { 'path.email': email },
    },
    CancelSimulatedEvent: {
      target: 'DELETE /simulated_calendars/{email}/events/{event_id}',
      parameters: { 'path.email': email },
    },
    RevokeSimulatedCalendar: {
      target: 'POST /simulated_calendars/{email}/revoke',
      parameters: { 'path.email': email },
    },
  };
}

const first = (field: string) => `$response.body#/data/0/${field}`;

export const OPENAPI_LINKS: Record<string, Record<string, OpenApiLink>> = {
  'GET /workspaces': workspaceLinks(FIRST),
  'POST /workspaces': workspaceLinks(ID),
  'GET /workspaces/{id}': workspaceLinks(ID),
  'POST /members': memberLinks(ID, '$response.body#/workspace_id'),
  'GET /members': memberLinks(FIRST, first('workspace_id')),
  'POST /bots': botLinks(ID, '$response.body#/meeting_id', '$request.body#/workspace_id'),
  'GET /bots': botLinks(FIRST, first('meeting_id'), '$request.query.workspace_id'),
  'GET /meetings': {
    ...meetingLinks(FIRST),
    SendBotToMeeting: {
      target: 'POST /bots',
      requestBody: { workspace_id: first('workspace_id'), meeting_url: first('meeting_url') },
    },
  },
  'POST /calendar_events': meetingLinks('$response.body#/meeting_id'),
  'POST /webhook_endpoints': endpointLinks(ID, '$response.body#/workspace_id'),
  'GET /webhook_endpoints': endpointLinks(FIRST, first('workspace_id')),
  'GET /webhook_events': eventLinks(FIRST),
  'POST /webhook_endpoints/{id}/test': eventLinks('$response.body#/event_id'),
  'POST /settings': settingsLinks(ID),
  'GET /settings': settingsLinks(FIRST),
  'POST /settings_assignments': assignmentLinks(ID),
  'GET /settings_assignments': assignmentLinks(FIRST),
  'POST /summary_templates': templateLinks(ID, '$response.body#/workspace_id'),
  'GET /summary_templates': templateLinks(FIRST, first('workspace_id')),
  'GET /calendar_connections': connectionLinks(FIRST, first('account_email')),
  'GET /calendar_connections/{id}': connectionLinks(ID, '$response.body#/account_email'),
};
