import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import styled from 'styled-components';

export const TOAST_DURATION_MS = 5000;

export interface ToastMessage {
  title: ReactNode;
  description?: ReactNode;
  status?: 'error' | 'success' | 'info';
  /** Auto-close after this many ms (default 5000). */
  duration?: number;
}

interface ShownToast extends ToastMessage {
  id: number;
}

const ToastContext = createContext<(toast: ToastMessage) => void>(() => {});

const Region = styled.div`
  position: fixed;
  z-index: 1200;
  top: 16px;
  left: 50%;
  transform: translateX(-50%);
  width: min(420px, calc(100vw - 32px));
`;

const Card = styled.div<{ $status: NonNullable<ToastMessage['status']> }>`
  padding: 12px 16px;
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  border-left: 4px solid
    ${({ theme, $status }) => ($status === 'error' ? theme.colors.danger : $status === 'success' ? theme.colors.success : theme.colors.primary)};
  box-shadow: 0 8px 24px rgba(0, 0, 0, 0.4);
`;

const Title = styled.strong`
  display: block;
`;

/** One toast at a time: showing a new one replaces the one on screen. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ShownToast | null>(null);
  const show = useCallback((message: ToastMessage) => setToast((previous) => ({ ...message, id: (previous?.id ?? 0) + 1 })), []);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), toast.duration ?? TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <Region role="status" aria-live="polite">
        {toast && (
          <Card key={toast.id} $status={toast.status ?? 'info'} data-testid="toast">
            <Title>{toast.title}</Title>
            {toast.description && <div>{toast.description}</div>}
          </Card>
        )}
      </Region>
    </ToastContext.Provider>
  );
}

export function useToast() {
  return useContext(ToastContext);
}
