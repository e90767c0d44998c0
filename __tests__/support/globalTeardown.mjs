import fs from 'node:fs';

export default async function globalTeardown() {
  const running = globalThis.__champaTestPg;
  if (!running) return;
  globalThis.__champaTestPg = undefined;
  await running.pg.stop();
  fs.rmSync(running.dir, { recursive: true, force: true });
}
