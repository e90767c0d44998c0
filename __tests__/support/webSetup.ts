import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import nock from 'nock';

// A part the app loads lazily (the footer, a page) is compiled by jest the first time a test
// requires it, which on a busy machine takes longer than testing-library's default wait of 1 s.
configure({ asyncUtilTimeout: 5000 });

// Web tests talk HTTP only to nock; a request nobody expected fails the test instead of leaving.
beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());
