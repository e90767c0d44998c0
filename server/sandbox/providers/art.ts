import { createHash } from 'node:crypto';
import { SandboxError } from '../errors';
import { findGame } from './catalog';
import type { ProviderRoutes } from './context';
import { hide } from './schemas';

/**
 * The sandbox games' pictures: one SVG per game code, drawn from a hash of the code, so a game keeps
 * its look across restarts and no two games look alike. No text is drawn: the site writes the
 * game's name over the picture in the player's language.
 */

export const artPath = (provider: string, code: string) => `/sandbox/providers/${provider}/art/${encodeURIComponent(code)}.svg`;

const WIDTH = 320;
const HEIGHT = 240;

/** A source of numbers from the code's SHA-256: each call takes the next byte (wrapping round). */
function bytesOf(code: string): () => number {
  const digest = createHash('sha256').update(code).digest();
  let next = 0;
  return () => digest[next++ % digest.length];
}

const scaled = (byte: number, max: number) => Math.round((byte / 255) * max);

/** A regular polygon's points around (cx, cy). */
function polygon(cx: number, cy: number, radius: number, sides: number, turn: number): string {
  return Array.from({ length: sides }, (_, i) => {
    const angle = turn + (i * 2 * Math.PI) / sides;
    return `${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`;
  }).join(' ');
}

/** The picture of one game code. */
export function gameArt(code: string): string {
  const byte = bytesOf(code);
  const hue = scaled(byte(), 359);
  const accent = (hue + 120 + scaled(byte(), 120)) % 360;
  const shapes: string[] = [];
  for (let i = 0; i < 6; i++) {
    const cx = scaled(byte(), WIDTH);
    const cy = scaled(byte(), HEIGHT);
    const radius = 18 + scaled(byte(), 70);
    const shapeHue = i % 2 === 0 ? accent : (hue + 40) % 360;
    const fill = `hsl(${shapeHue} 75% ${45 + scaled(byte(), 25)}%)`;
    const opacity = (0.35 + byte() / 510).toFixed(2);
    const sides = 3 + (byte() % 5);
    shapes.push(
      sides === 7
        ? `<circle cx="${cx}" cy="${cy}" r="${radius}" fill="${fill}" fill-opacity="${opacity}"/>`
        : `<polygon points="${polygon(cx, cy, radius, sides, byte() / 40)}" fill="${fill}" fill-opacity="${opacity}"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" aria-hidden="true">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 60% 30%)"/><stop offset="1" stop-color="hsl(${(hue + 50) % 360} 65% 12%)"/></linearGradient></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
${shapes.join('\n')}
</svg>
`;
}

export const artRoutes: ProviderRoutes = (app, { providerOf }) => {
  app.get<{ Params: { provider: string; file: string } }>(
    '/:provider/art/:file',
    {
      schema: {
        hide,
        params: {
          type: 'object',
          required: ['provider', 'file'],
          properties: { provider: { type: 'string' }, file: { type: 'string', pattern: '^[a-z0-9-]{1,100}\\.svg$' } },
        },
      },
    },
    async (request, reply) => {
      const provider = providerOf(request);
      const code = request.params.file.replace(/\.svg$/, '');
      if (!findGame(provider, code)) throw new SandboxError(404, 'UNKNOWN_GAME', `No game ${code} at ${provider}`);
      // The picture of a code never changes: browsers may keep it for a day.
      return reply.type('image/svg+xml').header('Cache-Control', 'public, max-age=86400').send(gameArt(code));
    },
  );
};
