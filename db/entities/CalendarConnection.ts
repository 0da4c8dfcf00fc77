import { EntitySchema } from '@mikro-orm/core';
import type { Metadata } from '../../domain/metadata';
import type { EmailMatch } from '../../domain/connect-links';

export type CalendarProviderName = 'google' | 'microsoft';
export type ConnectionStatus = 'syncing' | 'active' | 'error' | 'disconnected';

/** A hosted consent link (spec: Calendar connect link); its token is stored hashed. */
export class ConnectLink {
  id!: string;
  workspaceId!: string;
  /** Null until the person chooses on the hosted page (a link made without `provider`). */
  provider: CalendarProviderName | null = null;
  memberId: string | null = null;
  memberData: { name: string; email: string | null; metadata: Metadata } | null = null;
  returnUrl!: string;
  /** Pins before 2026-10-12 only: whose calendar account may connect (domain/connect-links.ts); null from 2026-10-12. */
  emailMatch: EmailMatch | null = null;
  /** The API version the link was made at: its return carries `member_id` from 2026-10-12. */
  version!: string;
  tokenHash!: string;
  expiresAt!: Date;
  usedAt: Date | null = null;
  createdBy!: string;
  createdAt: Date = new Date();
}

export const ConnectLinkSchema = new EntitySchema<ConnectLink>({
  class: ConnectLink,
  tableName: 'calendar_connect_links',
  properties: {
    id: { type: 'string', primary: true },
    workspaceId: { type: 'string' },
    provider: { type: 'string', nullable: true },
    memberId: { type: 'string', nullable: true },
    memberData: { type: 'json', nullable: true },
    returnUrl: { type: 'string' },
    emailMatch: { type: 'string', nullable: true },
    version: { type: 'string' },
    tokenHash: { type: 'string' },
    expiresAt: { type: 'Date' },
    usedAt: { type: 'Date', nullable: true },
    createdBy: { type: 'string' },
    createdAt: { type: 'Date' },
  },
});

/** A member's connected calendar (spec: Calendar connection). */
export class CalendarConnection {
  id!: string;
  workspaceId!: string;
  memberId!: string;
  provider!: CalendarProviderName;
  status: ConnectionStatus = 'syncing';
  accountEmail!: string;
  error: { code: string; message: string } | null = null;
  /** Provider tokens, encrypted (runtime/vault.ts). */
  tokens!: string;
  /** Where the next incremental sync starts (a provider sync token or delta link). */
  syncCursor: string | null = null;
  connectedAt!: Date;
  lastSyncedAt: Date | null = null;
  disconnectedAt: Date | null = null;
  createdAt: Date = new Date();
  updatedAt: Date = new Date();
}

export const CalendarConnectionSchema = new EntitySchema<CalendarConnection>({
  class: CalendarConnection,
  tableName: 'calendar_connections',
  properties: {
    id: { type: 'string', primary: true },
    workspaceId: { type: 'string' },
    memberId: { type: 'string' },
    provider: { type: 'string' },
    status: { type: 'string' },
    accountEmail: { type: 'string' },
    error: { type: 'json', nullable: true },
    tokens: { type: 'string' },
    syncCursor: { type: 'string', nullable: true },
    connectedAt: { type: 'Date' },
    lastSyncedAt: { type: 'Date', nullable: true },
    disconnectedAt: { type: 'Date', nullable: true },
    createdAt: { type: 'Date' },
    updatedAt: { type: 'Date' },
  },
});
