import moment from 'moment';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Theme } from '../../ui/theme';

/**
 * Minimal display helpers of the withdraw history, local to this page because the site has no
 * shared status or formatting module yet: SPEC.md section 4's status colours and date format, and
 * section 9's Lao number format.
 */
type Tone = keyof Pick<Theme['colors'], 'neutral' | 'danger' | 'warning' | 'success'>;

const STATUS_TONES: Record<string, Tone> = { OPEN: 'neutral', CANCELED: 'danger', PAID: 'warning', SUCCESS: 'success', FAILED: 'danger', REJECTED: 'danger' };

const Badge = styled.span<{ $tone: Tone }>`
  display: inline-block;
  padding: 2px 10px;
  border-radius: 999px;
  font-size: 0.85rem;
  font-weight: 700;
  color: ${({ theme, $tone }) => theme.colors[$tone]};
  border: 1px solid ${({ theme, $tone }) => theme.colors[$tone]};
`;

/** A status in its colour: OPEN grey, PAID yellow, SUCCESS green, CANCELED/FAILED/REJECTED red, anything else grey. */
export function WithdrawalStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('withdraw');
  return (
    <Badge $tone={STATUS_TONES[status] ?? 'neutral'} data-status={status}>
      {t(`status.${status}`, { defaultValue: status })}
    </Badge>
  );
}

/** DD/MM/YYYY HH:mm:ss in local time; the zero date 0001-01-01 (or none) is N/A. */
export function formatDateTime(iso: string | null): string {
  if (!iso || iso.startsWith('0001-01-01')) return 'N/A';
  return moment(iso).format('DD/MM/YYYY HH:mm:ss');
}

const laoGroups = new Intl.NumberFormat('lo-LA', { maximumFractionDigits: 0 });
const laoDecimal = new Intl.NumberFormat('lo-LA').formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? ',';

/** An API amount ("1500.00" THB, "741353" LAK) in the Lao format with its currency. */
export function formatMoney(amount: string, currency: 'THB' | 'LAK'): string {
  const [whole, fraction] = amount.split('.');
  return `${laoGroups.format(BigInt(whole))}${fraction === undefined ? '' : `${laoDecimal}${fraction}`} ${currency}`;
}
