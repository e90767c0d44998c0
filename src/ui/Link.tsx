import type { ComponentProps } from 'react';
import { Link as RouterLink } from 'wouter';

let preloader: (href: string) => void = () => {};

/** The app tells links how to fetch a route's chunk ahead of the click. */
export function setLinkPreloader(preload: (href: string) => void) {
  preloader = preload;
}

/** Starts loading the page of an href, for an intent shown elsewhere than on the link (a card's hover). */
export function preloadHref(href: string) {
  preloader(href);
}

type LinkProps = ComponentProps<typeof RouterLink> & { href: string };

/** A router link that starts loading its page on hover, focus or touch (intent), before the click. */
export function Link({ href, onMouseEnter, onFocus, onTouchStart, ...rest }: LinkProps) {
  return (
    <RouterLink
      href={href}
      onMouseEnter={(event) => {
        preloader(href);
        onMouseEnter?.(event);
      }}
      onFocus={(event) => {
        preloader(href);
        onFocus?.(event);
      }}
      onTouchStart={(event) => {
        preloader(href);
        onTouchStart?.(event);
      }}
      {...rest}
    />
  );
}
