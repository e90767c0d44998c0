import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { statusTone, type StatusTone } from './statusTone';
import type { Theme } from './theme';

const TONE_COLOUR: Record<StatusTone, keyof Theme['colors']> = {
  grey: 'neutral',
  red: 'danger',
  yellow: 'warning',
  green: 'success',
};

const Badge = styled.span<{ $tone: StatusTone }>`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  padding: 2px 10px;
  border-radius: 999px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 700;
  white-space: nowrap;
  color: ${({ theme, $tone }) => theme.colors[TONE_COLOUR[$tone]]};
  border: 1px solid currentColor;
  background: ${({ theme }) => theme.colors.surface};
  &::before {
    content: '';
    width: 8px;
    height: 8px;
    border-radius: 50%;
    background: currentColor;
  }
`;

/**
 * A deposit's or withdrawal's status in its colour. A status this site does not
 * know yet is shown grey with its own name. Other records (promotion usages) give their own tone and label.
 */
export function StatusBadge({ status, tone = statusTone(status), label }: { status: string; tone?: StatusTone; label?: string }) {
  const { t } = useTranslation();
  return (
    <Badge $tone={tone} data-tone={tone} data-status={status} data-testid="status-badge">
      {label ?? t(`status.${status}`, { defaultValue: status })}
    </Badge>
  );
}
