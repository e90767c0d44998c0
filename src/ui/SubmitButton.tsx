import type { ComponentProps } from 'react';
import { Button } from '../../web/ui/Button';
import { useHydrated } from './useHydrated';

/**
 * A form's submit button. Until the app has taken over the server's HTML of its form, a tap (or
 * Enter in a field) would post the form natively, to a page with no handler for it: until then it
 * is disabled and busy; after, disabled only when the caller says.
 */
export function SubmitButton({ disabled, ...props }: ComponentProps<typeof Button>) {
  const hydrated = useHydrated();
  return <Button {...props} type="submit" disabled={!hydrated || disabled} aria-busy={hydrated ? undefined : true} />;
}
