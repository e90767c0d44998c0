import { randomInt } from 'node:crypto';

/**
 * The sandbox's one game: three reels. Three of a kind pays the symbol's multiple, any two of a kind
 * pays 1.1x; about 94% of stakes come back over time.
 */
export const SYMBOLS = ['SEVEN', 'STAR', 'HEART', 'DIAMOND', 'CLUB', 'SPADE'] as const;
export type SlotSymbol = (typeof SYMBOLS)[number];

const WEIGHTS: Record<SlotSymbol, number> = { SEVEN: 1, STAR: 2, HEART: 3, DIAMOND: 3, CLUB: 4, SPADE: 4 };
/** Payouts in tenths of the stake, so that money stays in whole satang. */
const THREE_OF_A_KIND_TENTHS: Record<SlotSymbol, bigint> = { SEVEN: 1000n, STAR: 300n, HEART: 150n, DIAMOND: 150n, CLUB: 80n, SPADE: 80n };
const TWO_OF_A_KIND_TENTHS = 11n;

/** Stakes the page offers, in satang (1, 5, 10, 50 and 100 THB). */
export const STAKES = [100n, 500n, 1000n, 5000n, 10000n];

export function isSymbol(value: unknown): value is SlotSymbol {
  return typeof value === 'string' && (SYMBOLS as readonly string[]).includes(value);
}

function drawSymbol(): SlotSymbol {
  const total = SYMBOLS.reduce((sum, symbol) => sum + WEIGHTS[symbol], 0);
  let roll = randomInt(total);
  for (const symbol of SYMBOLS) {
    roll -= WEIGHTS[symbol];
    if (roll < 0) return symbol;
  }
  return SYMBOLS[SYMBOLS.length - 1];
}

export function spinReels(): SlotSymbol[] {
  return [drawSymbol(), drawSymbol(), drawSymbol()];
}

/** What a stake pays back on these reels (0 for a loss). */
export function payoutFor(reels: SlotSymbol[], stake: bigint): bigint {
  const [a, b, c] = reels;
  if (a === b && b === c) return (stake * THREE_OF_A_KIND_TENTHS[a]) / 10n;
  if (a === b || b === c || a === c) return (stake * TWO_OF_A_KIND_TENTHS) / 10n;
  return 0n;
}
