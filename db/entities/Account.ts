import { EntitySchema } from '@mikro-orm/core';

/** An API user: the person behind a personal key (spec: Authentication). */
export class Account {
  id!: string;
  email!: string;
  name: string | null = null;
  isStaff = false;
  /** SHA-256 of the key; the key itself is shown once and never stored. */
  apiKeyHash!: string;
  /** The key sealed with the service's secret: the agent handoff hands it over (spec Authentication, 8). */
  apiKeySealed: string | null = null;
  /** When the current key was made (shown on the key page). */
  apiKeyCreatedAt: Date = new Date();
  /** argon2id hash for signing in to the web application; null: the account cannot sign in there yet. */
  passwordHash: string | null = null;
  /** The version the key is pinned to; set at its first authenticated call. */
  versionPin: string | null = null;
  /** Set by an operator: the key answers 401 and the web application refuses to sign in. */
  disabledAt: Date | null = null;
  createdAt: Date = new Date();
  updatedAt: Date = new Date();
}

export const AccountSchema = new EntitySchema<Account>({
  class: Account,
  tableName: 'accounts',
  properties: {
    id: { type: 'string', primary: true },
    email: { type: 'string', unique: true },
    name: { type: 'string', nullable: true },
    isStaff: { type: 'boolean' },
    apiKeyHash: { type: 'string', unique: true },
    apiKeySealed: { type: 'text', nullable: true },
    apiKeyCreatedAt: { type: 'Date' },
    passwordHash: { type: 'text', nullable: true },
    versionPin: { type: 'string', nullable: true },
    disabledAt: { type: 'Date', nullable: true },
    createdAt: { type: 'Date' },
    updatedAt: { type: 'Date', onUpdate: () => new Date() },
  },
});
