// Lint for the whole project (`npm run lint`, run by .ci/run). Three kinds of rule:
// - typescript-eslint with type information: no floating promises, no misused promises;
// - the Temporal samples' rule: workflow code imports no Node built-in (it runs in a sandbox);
// - the layering of README › Layout, as import boundaries: a wrong-way import fails CI.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

/** Each folder (an element type of the boundaries plugin) and what it may import. */
const LAYERS = {
  domain: { pattern: 'domain', allow: [] },
  db: { pattern: 'db', allow: ['domain'], allowTypes: ['runtime'] },
  representations: { pattern: 'representations', allow: ['domain'], allowTypes: ['db'] },
  // The workflow contracts: ids, signals, queries and search attributes, read by whoever starts or signals.
  contracts: {
    pattern: ['workflows/signals.ts', 'workflows/search-attributes.ts'],
    allow: ['domain'],
    allowTypes: ['providers'],
  },
  workflows: { pattern: 'workflows', allow: ['domain', 'contracts'], allowTypes: ['activities', 'providers'] },
  runtime: { pattern: 'runtime', allow: ['domain', 'contracts'], allowTypes: ['workflows'] },
  providers: { pattern: 'activities/providers', allow: ['domain', 'runtime', 'db', 'contracts'] },
  services: {
    pattern: 'services',
    allow: ['db', 'domain', 'representations', 'runtime', 'providers', 'contracts'],
    allowTypes: ['workflows'],
  },
  activities: {
    pattern: 'activities',
    allow: ['services', 'db', 'domain', 'representations', 'runtime', 'providers', 'contracts'],
  },
  api: { pattern: 'api', allow: ['services', 'representations', 'domain', 'runtime'], allowTypes: ['db', 'providers'] },
  worker: { pattern: 'worker', allow: '*' },
  scripts: { pattern: 'scripts', allow: '*' },
  test: { pattern: 'test', allow: '*' },
  bench: { pattern: 'bench', allow: '*' },
};
const NAMES = Object.keys(LAYERS);

// Matched against the whole path from the project root, first match first (contracts before workflows).
const elements = NAMES.map((type) => {
  const { pattern } = LAYERS[type];
  return { type, mode: 'full', pattern: [pattern].flat().map((p) => (p.endsWith('.ts') ? p : `${p}/**/*`)) };
});

const rules = NAMES.map((type) => {
  const { allow, allowTypes = [] } = LAYERS[type];
  if (allow === '*') return { from: type, allow: NAMES };
  return [
    { from: type, allow: [type, ...allow] },
    ...(allowTypes.length ? [{ from: type, allow: allowTypes, importKind: 'type' }] : []),
  ];
}).flat();

const nodeBuiltins = builtinModules.flatMap((m) => [m, `node:${m}`]);

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.data/**', 'coverage/**', '**/*.js', '**/*.cjs', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { boundaries },
    settings: {
      'boundaries/elements': elements,
      'boundaries/include': ['**/*.ts'],
      'import/resolver': { typescript: { project: './tsconfig.json' } },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { arguments: false, attributes: false } },
      ],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          caughtErrors: 'none',
        },
      ],
      'boundaries/element-types': ['error', { default: 'disallow', rules }],
      'boundaries/no-unknown': 'off',
      'boundaries/no-unknown-files': 'off',
    },
  },
  {
    // Workflow code runs in Temporal's deterministic sandbox: no Node built-ins (the samples' rule).
    files: ['workflows/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: nodeBuiltins.map((name) => ({
            name,
            message: 'Workflow code runs in a sandbox: use activities for Node APIs.',
          })),
        },
      ],
    },
  },
  prettier,
);
