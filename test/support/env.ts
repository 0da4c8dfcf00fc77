/** What `npm test` (scripts/run-tests.ts) prepared for every test file. */
export function testEnv() {
  const need = (name: string) => {
    const v = process.env[name];
    if (!v) throw new Error(`${name} is not set: run the tests with npm test`);
    return v;
  };
  return {
    adminUrl: need('TEST_PG_ADMIN_URL'),
    templateDb: need('TEST_TEMPLATE_DB'),
    workflowBundle: need('TEST_WORKFLOW_BUNDLE'),
    testServer: process.env.TEST_TEMPORAL_TEST_SERVER || null,
    cli: process.env.TEST_TEMPORAL_CLI || null,
    tmp: need('TEST_TMP'),
  };
}
