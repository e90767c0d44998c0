import { act, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { I18nextProvider } from 'react-i18next';
import { initI18n } from '../../src/i18n';
import { displayAmount } from '../../contract/format';
import { formatDateTime } from '../../web/dates';
import { theme } from '../../web/ui/theme';
import { StatusBadge } from '../../web/ui/StatusBadge';
import { TOAST_DURATION_MS, ToastProvider, useToast, type ToastMessage } from '../../web/ui/Toast';

function withProviders(ui: React.ReactNode, language = 'lo') {
  const i18n = initI18n('lo');
  void i18n.changeLanguage(language);
  return render(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>{ui}</ThemeProvider>
    </I18nextProvider>,
  );
}

describe('toasts', () => {
  let show: (toast: ToastMessage) => void = () => {};
  function Grab() {
    show = useToast();
    return null;
  }

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const renderToasts = () =>
    withProviders(
      <ToastProvider>
        <Grab />
      </ToastProvider>,
    );

  it('shows one at a time: a new toast replaces the one on screen', () => {
    renderToasts();
    act(() => show({ title: 'first', status: 'error' }));
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    expect(screen.getByTestId('toast')).toHaveTextContent('first');
    act(() => show({ title: 'second', description: 'more', status: 'success' }));
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    expect(screen.getByTestId('toast')).toHaveTextContent('secondmore');
    expect(screen.queryByText('first')).not.toBeInTheDocument();
  });

  it('closes itself after 5000 ms by default, counting from the newest toast', () => {
    renderToasts();
    act(() => show({ title: 'first' }));
    act(() => jest.advanceTimersByTime(4000));
    act(() => show({ title: 'second' }));
    act(() => jest.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(screen.getByTestId('toast')).toHaveTextContent('second');
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
    expect(TOAST_DURATION_MS).toBe(5000);
  });

  it('honours a toast’s own duration', () => {
    renderToasts();
    act(() => show({ title: 'quick', duration: 1000 }));
    act(() => jest.advanceTimersByTime(999));
    expect(screen.getByTestId('toast')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });

  it('is announced politely to screen readers', () => {
    renderToasts();
    act(() => show({ title: 'saved' }));
    expect(screen.getByTestId('toast').parentElement).toHaveAttribute('aria-live', 'polite');
  });
});

describe('status badges', () => {
  it.each([
    ['OPEN', 'ລໍຖ້າ', 'grey'],
    ['CANCELED', 'ຍົກເລີກ', 'red'],
    ['PAID', 'ຈ່າຍແລ້ວ', 'yellow'],
    ['SUCCESS', 'ສຳເລັດ', 'green'],
    ['FAILED', 'ລົ້ມເຫຼວ', 'red'],
    ['REJECTED', 'ຖືກປະຕິເສດ', 'red'],
    ['ON_HOLD', 'ON_HOLD', 'grey'],
  ])('%s reads "%s" in %s', (status, text, tone) => {
    withProviders(<StatusBadge status={status} />);
    const badge = screen.getByTestId('status-badge');
    expect(badge).toHaveTextContent(text);
    expect(badge).toHaveAttribute('data-tone', tone);
    expect(badge).toHaveStyle({
      color: { grey: theme.colors.neutral, red: theme.colors.danger, yellow: theme.colors.warning, green: theme.colors.success }[tone],
    });
  });

  it('reads OPEN as waiting in every language', async () => {
    // Chinese is built in but loads when chosen.
    withProviders(<StatusBadge status="OPEN" />, 'cn');
    expect(await screen.findByText('等待中')).toHaveAttribute('data-testid', 'status-badge');
  });
});

describe('dates and amounts on screen', () => {
  it.each(['lo', 'cn', 'vn', 'th'])('keep DD/MM/YYYY HH:mm:ss with Western digits while the site speaks %s', (language) => {
    withProviders(<span />, language);
    expect(formatDateTime('2024-03-05T14:07:09')).toBe('05/03/2024 14:07:09');
    expect(formatDateTime('0001-01-01T00:00:00Z')).toBe('N/A');
    expect(displayAmount('1234567.5')).toBe('1.234.567,50');
  });
});
