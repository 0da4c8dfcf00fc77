/**
 * `npm run client:generate`: writes clients/typescript/schema.d.ts from the OpenAPI document the API
 * serves (openapi-typescript).
 *   --check        compare instead of writing: exit 1 when the file differs (the test runs this)
 *   --from URL     the document served by a running service (default: built in process)
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { createApp } from '../api/app';
import type { Orm } from '../db/orm';
import { loadConfig } from '../runtime/config';
import { createLogger } from '../runtime/logger';
import { projectRoot } from '../runtime/paths';
import { LocalStorage } from '../runtime/storage';

export const CLIENT_SCHEMA = path.join(projectRoot(), 'clients', 'typescript', 'schema.d.ts');

const HEADER = `/**
 * The API's types, generated from /api/v1/openapi.json by \`npm run client:generate\` (openapi-typescript).
 * Do not edit: a test fails when this file and the served document disagree.
 */

`;

/** The client's types for an OpenAPI document. */
export async function clientSchema(document: unknown): Promise<string> {
  const ast = await openapiTS(document as Parameters<typeof openapiTS>[0]);
  return HEADER + astToString(ast);
}

/** The document the API serves, built without a database (nothing is queried to describe the routes). */
export function servedDocument(): unknown {
  const { openapi } = createApp({
    orm: null as unknown as Orm,
    config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' }),
    log: createLogger('silent'),
    temporal: null,
    storage: new LocalStorage('/nonexistent'),
    baseUrl: () => 'http://localhost:3000/api/v1',
  });
  return openapi();
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const from = args.includes('--from') ? args[args.indexOf('--from') + 1] : undefined;
  const document: unknown = from ? await (await fetch(from)).json() : servedDocument();
  const text = await clientSchema(document);
  const file = path.relative(projectRoot(), CLIENT_SCHEMA);
  if (args.includes('--check')) {
    if (text === (await readFile(CLIENT_SCHEMA, 'utf8'))) return 0;
    process.stderr.write(`${file} differs from the served document: run npm run client:generate and commit it\n`);
    return 1;
  }
  await writeFile(CLIENT_SCHEMA, text);
  process.stdout.write(`wrote ${file}\n`);
  return 0;
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (err: Error) => {
      process.stderr.write(`client:generate: ${err.message}\n`);
      process.exit(1);
    },
  );
}
