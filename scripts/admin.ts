/**
 * Operators' bootstrap command (no unattended sign-up exists):
 *   npm run admin -- create-user --email E [--name N] [--workspace-name W] [--staff]
 *   npm run admin -- rotate-key --email E
 *   npm run admin -- grant --email E --workspace wks_… --role owner|admin|member|guest [--member mem_…]
 *   npm run admin -- pin --email E --version 2026-10-12
 *   npm run admin -- set-password --email E      (the password is read from standard input)
 *   npm run admin -- list-users | disable-user --email E
 *   npm run admin -- redeliver --event evt_… [--endpoint we_…] | workflows --workspace wks_…
 * Prints one JSON object. Works against DATABASE_URL, the running embedded PostgreSQL, or starts it.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createUser, grantAccess, rotateKey, setPin } from '../services/accounts';
import { setPassword } from '../services/web-app';
import { ensureSigningSecret } from '../runtime/secrets';
import { ROLES, type Role } from '../db/entities';
import { createOrm, migrate } from '../db/orm';
import { commandBacklog, unparkCommands } from '../db/commands';
import { disableAccount, listAccounts } from '../db/accounts';
import { redeliverAsOperator } from '../services/webhook-events';
import { ConfigError, loadConfig } from '../runtime/config';
import { createLogger } from '../runtime/logger';
import { startEmbeddedPostgres } from '../runtime/postgres';

const USAGE = `usage:
  npm run admin -- create-user --email E [--name N] [--workspace-name W] [--staff]
  npm run admin -- rotate-key --email E
  npm run admin -- grant --email E --workspace WKS_ID --role owner|admin|member|guest [--member MEM_ID]
  npm run admin -- pin --email E --version YYYY-MM-DD
  npm run admin -- set-password --email E   (reads the password from standard input: printf '%s' "$PW" | ...)
  npm run admin -- list-users
  npm run admin -- disable-user --email E   (its key answers 401 and it cannot sign in; web sessions end)
  npm run admin -- redeliver --event EVT_ID [--endpoint WE_ID]   (a new attempt series, any workspace)
  npm run admin -- workflows --workspace WKS_ID   (the Temporal UI link listing the workspace's workflows)
  npm run admin -- commands                 (the outbox: backlog and parked workflow commands)
  npm run admin -- unpark [--id N]          (parked commands back in the queue; all without --id)`;

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('Password: ');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      'workspace-name': { type: 'string' },
      staff: { type: 'boolean', default: false },
      workspace: { type: 'string' },
      role: { type: 'string' },
      member: { type: 'string' },
      version: { type: 'string' },
      id: { type: 'string', multiple: true },
      event: { type: 'string' },
      endpoint: { type: 'string' },
    },
  });
  const needsEmail = !['commands', 'unpark', 'list-users', 'redeliver', 'workflows'].includes(command ?? '');
  if (!command || (needsEmail && !values.email)) throw new ConfigError(USAGE);
  const email = values.email ?? '';
  // The signing secret seals new keys, so the agent handoff can hand them over (the API reads the same one).
  if (command === 'workflows') {
    // Only a link: the Temporal UI filters on the WorkspaceId search attribute every workflow carries.
    if (!values.workspace) throw new ConfigError(USAGE);
    const { temporal } = loadConfig();
    const ui = temporal.uiUrl ?? `http://127.0.0.1:${temporal.uiPort}`;
    const query = `WorkspaceId="${values.workspace}"`;
    const url = `${ui.replace(/\/+$/, '')}/namespaces/${encodeURIComponent(temporal.namespace)}/workflows?query=${encodeURIComponent(query)}`;
    process.stdout.write(JSON.stringify({ workspace_id: values.workspace, query, url }) + '\n');
    return;
  }
  const config = await ensureSigningSecret(loadConfig());
  // Logs go to stderr: stdout carries only the JSON answer.
  const log = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel, process.stderr);

  let databaseUrl = config.databaseUrl;
  let stopPostgres: (() => Promise<void>) | null = null;
  if (!databaseUrl) {
    const embeddedUrl = `postgres://notetaker:notetaker@127.0.0.1:${config.embeddedPostgresPort}/notetaker`;
    if (await canConnect(embeddedUrl)) databaseUrl = embeddedUrl;
    else {
      const handle = await startEmbeddedPostgres({
        dataDir: path.join(config.dataDir, 'postgres'),
        port: config.embeddedPostgresPort,
        database: 'notetaker',
        log,
      });
      databaseUrl = handle.url;
      stopPostgres = handle.stop;
    }
  }
  const orm = await createOrm(databaseUrl, log, 2);
  try {
    await migrate(orm);
    const em = orm.em.fork();
    let out: unknown;
    switch (command) {
      case 'create-user':
        out = await createUser(em, {
          email: email,
          name: values.name ?? null,
          workspaceName: values['workspace-name'] ?? null,
          staff: values.staff,
          signingSecret: config.signingSecret,
        });
        break;
      case 'rotate-key':
        out = await rotateKey(em, email, config.signingSecret);
        break;
      case 'grant': {
        if (!values.workspace || !values.role || !(ROLES as readonly string[]).includes(values.role))
          throw new ConfigError(USAGE);
        await grantAccess(em, {
          email,
          workspaceId: values.workspace,
          role: values.role as Role,
          memberId: values.member ?? null,
        });
        out = { email, workspace_id: values.workspace, role: values.role };
        break;
      }
      case 'pin':
        if (!values.version) throw new ConfigError(USAGE);
        await setPin(em, email, values.version);
        out = { email, version_pin: values.version };
        break;
      case 'set-password': {
        // Never on the command line (shell history, process list): the first line of standard input.
        const password = (await readStdin()).split(/\r?\n/)[0] ?? '';
        out = await setPassword(em, email, password);
        break;
      }
      case 'list-users':
        out = await listAccounts(em);
        break;
      case 'disable-user': {
        const disabled = await disableAccount(em, email);
        if (!disabled) throw new ConfigError(`admin: no account has the e-mail ${email}`);
        out = { email, account_id: disabled.id, disabled: true };
        break;
      }
      case 'redeliver':
        if (!values.event) throw new ConfigError(USAGE);
        out = { event_id: values.event, redelivered_to: await redeliverAsOperator(em, values.event, values.endpoint) };
        break;
      case 'commands':
        out = await commandBacklog(em);
        break;
      case 'unpark':
        out = { unparked: await unparkCommands(em, values.id) };
        break;
      default:
        throw new ConfigError(USAGE);
    }
    process.stdout.write(JSON.stringify(out) + '\n');
  } finally {
    await orm.close();
    if (stopPostgres) await stopPostgres();
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof ConfigError ? err.message : `admin: ${(err as Error).message}`}\n`);
  process.exit(1);
});
