import { Component, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { Button } from '../../web/ui/Button';

const Panel = styled.div`
  max-width: 640px;
  margin: 48px auto;
  padding: 24px;
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  text-align: center;
`;

const Details = styled.pre`
  margin: 16px 0 0;
  padding: 12px;
  max-height: 240px;
  overflow: auto;
  text-align: left;
  white-space: pre-wrap;
  word-break: break-word;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  border-radius: 8px;
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The generic fallback: 'Something went wrong!' and a Show Error / Hide Error toggle. */
export function ErrorFallback({ error }: { error: Error }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <Panel role="alert" data-testid="error-fallback">
      <h1>{t('fallback.title')}</h1>
      <Button $variant="secondary" aria-expanded={shown} onClick={() => setShown((was) => !was)}>
        {shown ? t('fallback.hideError') : t('fallback.showError')}
      </Button>
      {shown && <Details>{error.stack ?? error.message}</Details>}
    </Panel>
  );
}

interface ErrorBoundaryProps {
  children: ReactNode;
  /** A new value (e.g. the next page's path) clears a caught error. */
  resetKey?: unknown;
}

/** Catches a page's render error so the rest of the site (header, drawer, footer) keeps working. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidUpdate(previous: ErrorBoundaryProps) {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render() {
    return this.state.error ? <ErrorFallback error={this.state.error} /> : this.props.children;
  }
}
