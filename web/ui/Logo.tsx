/** The champa flower's five petals, each the first turned by a fifth of a circle. */
const PETAL_TURNS = [0, 72, 144, 216, 288];

/**
 * Champa's flower, drawn in the page rather than shown as an SVG picture: the browser makes a
 * document of its own for every SVG <img>, on the main thread, while the first screen is drawn
 * (scripts/art.ts). The tab's icons are drawn from it (`npm run art`). Decorative unless given a `label`.
 */
export function Logo({ size, label }: { size: number; label?: string }) {
  const named = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" focusable="false" {...named}>
      <g transform="translate(32 32)">
        <g fill="#fff7e0" stroke="#f5c542" strokeWidth="1.5">
          {PETAL_TURNS.map((turn) => (
            <path key={turn} d="M0 -2 C 6 -10, 14 -22, 4 -28 C -4 -30, -8 -20, 0 -2 Z" transform={`rotate(${turn})`} />
          ))}
        </g>
        <circle r="6" fill="#f5c542" />
      </g>
    </svg>
  );
}
