import { createActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { sessionMachine } from '../../machines/session.machine';
import { sessionEvents } from '../support/sessionModel';

const EVENTS = sessionEvents('player-1');

describe('session machine', () => {
  it('stores the player id from player.id at login and clears it at logout', () => {
    const actor = createActor(sessionMachine).start();
    expect(actor.getSnapshot().value).toBe('unknown');
    actor.send({ type: 'player.loadFailed' });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    actor.send({ type: 'session.login', player: { id: 'player-42' } });
    expect(actor.getSnapshot()).toMatchObject({ value: 'loggedIn', context: { playerId: 'player-42' } });
    actor.send({ type: 'session.logout' });
    expect(actor.getSnapshot()).toMatchObject({ value: 'loggedOut', context: { playerId: null } });
  });

  it('ignores a LOGIN while the session is still unknown and a LOGOUT of a visitor', () => {
    const actor = createActor(sessionMachine).start();
    actor.send({ type: 'session.login', player: { id: 'player-42' } });
    expect(actor.getSnapshot()).toMatchObject({ value: 'unknown', context: { playerId: null } });
    actor.send({ type: 'player.loadFailed' });
    actor.send({ type: 'session.logout' });
    expect(actor.getSnapshot().value).toBe('loggedOut');
  });

  it('after a lost session returns the player to where they were, and a plain login to /player', () => {
    const visited: string[] = [];
    const actor = createActor(sessionMachine.provide({ actions: { goTo: (_, { path }) => visited.push(path) } })).start();
    actor.send({ type: 'player.loaded', player: { id: 'player-42' } });
    actor.send({ type: 'session.lost', path: '/player/withdraw/history?page=2' });
    expect(actor.getSnapshot()).toMatchObject({
      value: 'loggedOut',
      context: { playerId: null, returnTo: '/player/withdraw/history?page=2' },
    });
    actor.send({ type: 'session.lost', path: '/login' });
    actor.send({ type: 'session.login', player: { id: 'player-42' } });
    expect(actor.getSnapshot()).toMatchObject({ value: 'loggedIn', context: { playerId: 'player-42', returnTo: null } });
    actor.send({ type: 'session.logout' });
    actor.send({ type: 'session.login', player: { id: 'player-7' } });
    expect(visited).toEqual(['/login', '/player/withdraw/history?page=2', '/player']);
  });

  it('reaches every state by its shortest paths', () => {
    const reached = new Set(getShortestPaths(sessionMachine, { events: EVENTS }).map((path) => path.state.value));
    expect(reached).toEqual(new Set(['unknown', 'loggedIn', 'loggedOut']));
  });
});
