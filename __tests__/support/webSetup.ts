import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import nock from 'nock';
import { failOnActWarnings, stopWatchingActWarnings, takeActWarnings, watchActWarnings } from './actWarnings';

// A part the app loads lazily (the footer, a page) is compiled by jest the first time a test
// requires it, which on a busy machine takes longer than testing-library's default wait of 1 s.
configure({ asyncUtilTimeout: 5000 });

// Web tests talk HTTP only to nock; a request nobody expected fails the test instead of leaving.
beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

// A render outside act() is one the test did not wait for: what it asserted may not be what the
// user ends up seeing, so it fails the test. Watched from the file's start, so that a test's own spy
// on console.error wraps the watch instead of replacing it. The checks run after testing-library's
// cleanup (registered by its import above), so an update during unmount counts too.
beforeAll(watchActWarnings);
afterEach(() => failOnActWarnings(takeActWarnings()));
afterAll(() => {
  stopWatchingActWarnings();
  failOnActWarnings(takeActWarnings());
});
