/**
 * The test files in the order of their paths, as node's test runner took them before: the heavy
 * end-to-end files (each starts the whole service with `npm start`) then run beside lighter ones.
 * Jest's own order (largest files first, then slowest first from the last run's timings) ran the
 * fuzz test and the `npm start` test together in a first run, and both ran past 300 s on two cores.
 */
'use strict';
const Sequencer = require('@jest/test-sequencer').default;

class PathOrderSequencer extends Sequencer {
  sort(tests) {
    return [...tests].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }
}

module.exports = PathOrderSequencer;
