import '@testing-library/jest-dom';
import nock from 'nock';

// Web tests talk HTTP only to nock; a request nobody expected fails the test instead of leaving.
beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());
