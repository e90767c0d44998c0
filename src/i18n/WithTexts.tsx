import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Namespace } from './namespaces';

/**
 * Its children once the language's texts of `namespaces` are in: until then it suspends, and the
 * Suspense around it shows its fallback. The site's components do not suspend for texts, and one
 * drawn before its texts have loaded shows their keys.
 */
export function WithTexts({ namespaces, children }: { namespaces: readonly Namespace[]; children: ReactNode }) {
  useTranslation([...namespaces], { useSuspense: true });
  return <>{children}</>;
}
