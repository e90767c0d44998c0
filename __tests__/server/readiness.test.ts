import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createDatabase } from '../../server/db/database';

describe('/readyz', () => {
  it('answers 503 when the database cannot be reached, while /healthz still answers', async () => {
    // Nothing listens on port 1: every connection is refused at once.
    const db = createDatabase('postgres://nobody:nothing@127.0.0.1:1/none');
    const app = await buildApp({ db, config: { ...loadConfig({}), distDir: '/nonexistent-dist' } });
    try {
      expect((await app.inject('/healthz')).statusCode).toBe(200);
      const ready = await app.inject('/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ database: 'unreachable' });
    } finally {
      await app.close();
      await db.destroy();
    }
  });

  it('answers 503 once the embedded database stopped under the server, though its pool may still answer', async () => {
    const db = createDatabase(process.env.TEST_DATABASE_URL ?? '');
    const readiness = { prepared: true, databaseLost: false };
    const app = await buildApp({ db, config: { ...loadConfig({}), distDir: '/nonexistent-dist' }, readiness });
    try {
      expect((await app.inject('/readyz')).statusCode).toBe(200);
      readiness.databaseLost = true;
      const lost = await app.inject('/readyz');
      expect(lost.statusCode).toBe(503);
      expect(lost.json()).toMatchObject({ status: 'stopping', database: 'lost' });
    } finally {
      await app.close();
      await db.destroy();
    }
  });

  it('answers 503 while start-up is still preparing the database', async () => {
    const db = createDatabase('postgres://nobody:nothing@127.0.0.1:1/none');
    const app = await buildApp({ db, config: { ...loadConfig({}), distDir: '/nonexistent-dist' }, readiness: { prepared: false } });
    try {
      expect((await app.inject('/readyz')).json()).toMatchObject({ status: 'starting' });
    } finally {
      await app.close();
      await db.destroy();
    }
  });
});
