import fp from 'fastify-plugin';
import { EVERY_PLAYER, listenForChanges } from '../db/changes';
import { connectionStringOf } from '../db/database';

/** What a cache does when it hears a change (or makes one itself, see changingAgency). */
export interface ChangeSubscriber {
  agencyChanged?(agencyId: string): void;
  /** The player's id, or EVERY_PLAYER. */
  playerChanged?(playerId: string): void;
  /** Announcements may have been missed: forget everything. */
  connected?(): void;
  /** Nothing is heard until connected: forget everything, and cache nothing meanwhile. */
  lost?(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The changes every process announces, heard on one LISTEN connection (server/db/changes.ts). */
    changes: {
      /** Returns the way to stop hearing. */
      subscribe(subscriber: ChangeSubscriber): () => void;
      /** False while the connection is down. */
      readonly listening: boolean;
    };
    /**
     * Runs a change of the agency's settings or hosts (which announces itself when it commits) and
     * answers once this process has heard the announcement, so the answer is never older than
     * what any process serves next.
     */
    changingAgency: <T>(agencyId: string, change: () => Promise<T>) => Promise<T>;
    /** The same for a change of what a session check reads of the player (announced by triggers). */
    changingPlayer: <T>(playerId: string, change: () => Promise<T>) => Promise<T>;
  }
}

/** How long a change waits to hear its own announcement before it answers anyway. */
const HEAR_MS = 1000;

type Kind = 'agencyChanged' | 'playerChanged';

/** One listening connection per process for every cache that must hear what any process changes. */
export default fp(
  async (app) => {
    const subscribers: ChangeSubscriber[] = [];
    const waiting: Record<Kind, Map<string, Set<() => void>>> = { agencyChanged: new Map(), playerChanged: new Map() };
    let listening = false;

    const tell = (kind: Kind, id: string) => {
      for (const subscriber of subscribers) subscriber[kind]?.(id);
    };
    const heard = (kind: Kind, id: string) => {
      tell(kind, id);
      const all = kind === 'playerChanged' && id === EVERY_PLAYER;
      for (const [waitedId, waiters] of waiting[kind]) if (all || waitedId === id) waiters.forEach((resolve) => resolve());
    };
    const heardEverything = () => {
      for (const byId of Object.values(waiting)) for (const waiters of byId.values()) waiters.forEach((resolve) => resolve());
    };

    const listener = await listenForChanges(connectionStringOf(app.db), {
      agencyChanged: (agencyId) => heard('agencyChanged', agencyId),
      playerChanged: (playerId) => heard('playerChanged', playerId),
      connected: () => {
        listening = true;
        for (const subscriber of subscribers) subscriber.connected?.();
        heardEverything();
      },
      lost: (message) => {
        listening = false;
        app.log.warn(message);
        for (const subscriber of subscribers) subscriber.lost?.();
      },
    });
    app.addHook('onClose', () => listener.close());

    const changing =
      (kind: Kind) =>
      async <T>(given: string, change: () => Promise<T>): Promise<T> => {
        // Announcements carry ids as PostgreSQL writes a uuid, in lower case; a route may be given upper case.
        const id = given.toLowerCase();
        let resolve = () => {};
        const announcement = new Promise<void>((done) => (resolve = done));
        const waiters = waiting[kind].get(id) ?? new Set();
        waiting[kind].set(id, waiters.add(resolve));
        const timer = setTimeout(resolve, listening ? HEAR_MS : 0);
        try {
          const result = await change();
          // This process forgets at once, whatever the announcement's way back.
          tell(kind, id);
          await announcement;
          return result;
        } finally {
          clearTimeout(timer);
          waiters.delete(resolve);
          if (!waiters.size) waiting[kind].delete(id);
        }
      };

    app.decorate('changes', {
      subscribe: (subscriber: ChangeSubscriber) => {
        subscribers.push(subscriber);
        return () => void subscribers.splice(subscribers.indexOf(subscriber), 1);
      },
      get listening() {
        return listening;
      },
    });
    app.decorate('changingAgency', changing('agencyChanged'));
    app.decorate('changingPlayer', changing('playerChanged'));
  },
  { name: 'changes', dependencies: ['dependencies'] },
);
