import moment from 'moment';
import styled from 'styled-components';
import type { Theme } from '../../ui/theme';

/**
 * Display helpers of the deposit history (local: the shell's shared status and format helpers
 * were not in this tree yet). SPEC.md section 4: OPEN grey, CANCELED red, PAID yellow, SUCCESS
 * green, FAILED and REJECTED red, any other status grey; dates DD/MM/YYYY HH:mm:ss, the zero date N/A.
 */
const TONES: Record<string, keyof Theme['colors']> = {
  OPEN: 'neutral',
  CANCELED: 'danger',
  PAID: 'warning',
  SUCCESS: 'success',
  FAILED: 'danger',
  REJECTED: 'danger',
};

export const toneOf = (status: string): keyof Theme['colors'] => TONES[status] ?? 'neutral';

export const StatusBadge = styled.span<{ $status: string }>`
  display: inline-block;
  padding: 2px 10px;
  border-radius: 999px;
  font-size: 0.85rem;
  font-weight: 700;
  color: ${({ theme, $status }) => theme.colors[toneOf($status)]};
  border: 1px solid ${({ theme, $status }) => theme.colors[toneOf($status)]};
`;

export function formatDateTime(iso: string): string {
  if (iso.startsWith('0001-01-01')) return 'N/A';
  return moment(iso).format('DD/MM/YYYY HH:mm:ss');
}

const grouping = new Intl.NumberFormat('lo-LA');

/** "100000" → "100,000"; "156.25" keeps its decimals. */
export function formatDecimal(text: string): string {
  const [whole, fraction] = text.split('.');
  const grouped = /^\d+$/.test(whole) ? grouping.format(BigInt(whole)) : whole;
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}
