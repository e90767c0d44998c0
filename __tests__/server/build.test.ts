import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { distIsStale } from '../../server/build';

/** dist/ is rebuilt when missing, when built in the other mode, or older than the sources. */
describe('distIsStale', () => {
  let dist: string;
  beforeEach(() => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'champa-dist-'));
  });
  afterEach(() => fs.rmSync(dist, { recursive: true, force: true }));

  const built = (mode?: string) => {
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html>');
    if (mode) fs.writeFileSync(path.join(dist, '.build-mode'), `${mode}\n`);
  };

  it('is stale without an index.html', () => {
    expect(distIsStale(dist)).toBe(true);
  });

  it('is fresh for the mode it was built in and stale for the other one', () => {
    built('development');
    expect(distIsStale(dist, 'development')).toBe(false);
    expect(distIsStale(dist, 'production')).toBe(true);
  });

  it('takes a build without a mode mark for a production build', () => {
    built();
    expect(distIsStale(dist)).toBe(false);
    expect(distIsStale(dist, 'development')).toBe(true);
  });

  it('is stale when a source is newer than the build', () => {
    built('production');
    const old = new Date(Date.now() - 10 * 365 * 24 * 3600 * 1000);
    fs.utimesSync(path.join(dist, 'index.html'), old, old);
    fs.utimesSync(path.join(dist, '.build-mode'), old, old);
    expect(distIsStale(dist, 'production')).toBe(true);
  });

  it('dates a build by its mark, which every build writes, not by an index.html webpack left as it was', () => {
    built('production');
    const old = new Date(Date.now() - 10 * 365 * 24 * 3600 * 1000);
    fs.utimesSync(path.join(dist, 'index.html'), old, old);
    expect(distIsStale(dist, 'production')).toBe(false);
  });
});
