// `npm run build` (every start command runs it first): compiles to dist/ as `tsc -p
// tsconfig.build.json` would, then bundles the workflows (scripts/bundle-workflows.ts). Plain
// JavaScript, so it runs before anything is compiled.
//
// Builds may run beside a starting or running service (`npm run admin` in a second terminal,
// `start:api` and `start:worker` started together), which loads the files of dist/ meanwhile:
// - the compile is incremental (its record: dist/.tsbuildinfo): a checkout that did not change
//   rewrites no file;
// - a file that is written is written beside and renamed into place (write-file-atomic), so a
//   process never loads a part of one;
// - a compiled file newer than the record was written by something else (a build of a release from
//   before the record, a tsc run by hand), and a missing one was deleted: an incremental compile
//   trusts the files it once wrote, so the record is dropped and everything is compiled again.
// Two builds at once both write correct files; one may see the other's new files as written by
// something else and compile everything again (each file still replaced whole).
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const ts = require('typescript');
const writeFileAtomic = require('write-file-atomic');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const record = path.join(dist, '.tsbuildinfo');

/** Whether a compiled file under `dir` was written after `since` (ms); the bundle is written after the compile. */
function writtenAfter(dir, since) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return false;
  }
  return entries.some((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return writtenAfter(file, since);
    return (
      /\.(js|map|d\.ts)$/.test(entry.name) &&
      !entry.name.startsWith('workflow-bundle.') &&
      // (A file replaced by a build running now may be gone for a moment.)
      (statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0) > since
    );
  });
}

function compile() {
  // As tsc prints them: in colour on a terminal, plain in a log.
  const format = process.stderr.isTTY ? ts.formatDiagnosticsWithColorAndContext : ts.formatDiagnostics;
  const formatHost = {
    getCanonicalFileName: (f) => f,
    getCurrentDirectory: () => root,
    getNewLine: () => '\n',
  };
  const report = (diagnostics) => {
    if (diagnostics.length > 0) process.stderr.write(format(diagnostics, formatHost));
  };
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(root, 'tsconfig.build.json'),
    { incremental: true, tsBuildInfoFile: record },
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        report([d]);
        process.exit(1);
      },
    },
  );

  const makeProgram = () => {
    const host = ts.createIncrementalCompilerHost(config.options);
    host.writeFile = (file, data, writeByteOrderMark) => {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileAtomic.sync(file, writeByteOrderMark ? `\ufeff${data}` : data, { fsync: false });
    };
    return ts.createIncrementalProgram({
      rootNames: config.fileNames,
      options: config.options,
      projectReferences: config.projectReferences,
      host,
      configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(config),
    });
  };
  // The record is dropped, and everything compiled again (by a program made anew: a host keeps what
  // it read), when a compiled file was written by something else or is missing.
  let program = makeProgram();
  const recorded = statSync(record, { throwIfNoEntry: false })?.mtimeMs;
  const missing = () =>
    program
      .getSourceFiles()
      .filter((f) => !f.isDeclarationFile && !f.fileName.includes('/node_modules/'))
      .some((f) =>
        ts
          .getOutputFileNames({ ...config, fileNames: [f.fileName] }, f.fileName, false)
          .some((out) => !existsSync(out)),
      );
  if (recorded !== undefined && (writtenAfter(dist, recorded) || missing())) {
    rmSync(record, { force: true });
    program = makeProgram();
  }
  const diagnostics = ts.sortAndDeduplicateDiagnostics([
    ...program.getConfigFileParsingDiagnostics(),
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...program.getSyntacticDiagnostics(),
    ...program.getSemanticDiagnostics(),
    ...program.emit().diagnostics,
  ]);
  report(diagnostics);
  // As tsc: files are written despite type errors, and the build then fails.
  const errors = diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error).length;
  if (errors > 0) process.stderr.write(`\nFound ${errors} error${errors === 1 ? '' : 's'}.\n`);
  return errors > 0 ? 2 : 0;
}

const compiled = compile();
if (compiled !== 0) process.exit(compiled);
await import(pathToFileURL(path.join(dist, 'scripts', 'bundle-workflows.js')).href);
