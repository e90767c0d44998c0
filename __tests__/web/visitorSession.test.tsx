import nock from 'nock';
import { configure, render, screen } from '@testing-library/react';
import { App } from '../../src/app/App';
import { makeStore } from '../../src/app/store';
import { initI18n } from '../../src/i18n';
import { playersApi } from '../../src/api/players';
import { API } from '../support/renderApp';
import { AGENCY, NO_NOTICE, SOCIAL } from '../support/shell';
import { mockVisitor } from '../support/playerSite';
import loAuth from '../../public/locales/lo/auth.json';

configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(30_000);

describe("a visitor's session", () => {
  it('is asked once: the answer "nobody is logged in" is kept, as a page from the server brings it, and the site draws the visitor\'s top bar from it', async () => {
    nock(API).get('/api/v2/agency').reply(200, { agency: AGENCY }).persist();
    nock(API)
      .get('/api/v2/agency/info')
      .reply(200, { agency: { ...AGENCY, social: SOCIAL, site: { signUpMinutes: 3, gameCount: 1500 }, notice: NO_NOTICE } })
      .persist();
    // Answers once; a second ask finds no answer here.
    const asked = mockVisitor();
    const unanswered: string[] = [];
    nock.emitter.on('no match', (request: { path: string }) => unanswered.push(request.path));

    const store = makeStore();
    const answer = await store.dispatch(playersApi.endpoints.getPlayerInfo.initiate(undefined, { subscribe: false }));
    expect(asked.isDone()).toBe(true);
    expect(answer.data).toBeNull();

    window.history.replaceState(null, '', '/login');
    const i18n = initI18n('lo');
    render(<App store={store} i18n={i18n} />);
    expect(await screen.findByRole('link', { name: loAuth.visitor.register })).toHaveAttribute('href', '/register');
    expect(unanswered).toEqual([]);
    nock.emitter.removeAllListeners('no match');
  });
});
