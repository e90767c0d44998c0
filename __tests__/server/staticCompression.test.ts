import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildTestApp, type TestApp } from '../support/app';

// The build writes .br and .gz beside each text file of dist/; the server sends them to browsers
// that accept them, with the cache rules of the uncompressed file.

const SCRIPT = `console.log(${JSON.stringify('ສະບາຍດີ '.repeat(400))});`;
const PAGE = `<!doctype html><html lang="lo"><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
let distDir: string;
let t: TestApp;

function writeWithCompressed(file: string, text: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
}

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'champa-dist-'));
  writeWithCompressed(path.join(distDir, 'index.html'), PAGE);
  writeWithCompressed(path.join(distDir, 'js/main.0123456789.js'), SCRIPT);
  fs.writeFileSync(path.join(distDir, 'js/tiny.abcdef0123.js'), '1;');
  t = await buildTestApp({ distDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('compressed static files', () => {
  it('sends brotli, else gzip, else the file itself, each cached for a year when content-hashed', async () => {
    const brotli = await get('/js/main.0123456789.js', 'gzip, deflate, br');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(SCRIPT);

    const gzip = await get('/js/main.0123456789.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/js/main.0123456789.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(SCRIPT);
  });

  it('sends a file without compressed copies as it is', async () => {
    const tiny = await get('/js/tiny.abcdef0123.js', 'br, gzip');
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.payload).toBe('1;');
  });

  it('sends the SPA page of any route compressed and revalidated', async () => {
    const page = await get('/player/deposit', 'br');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toBe(PAGE);
  });
});
