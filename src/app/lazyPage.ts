import { lazy, type ComponentType } from 'react';

export type LazyPage<P = object> = ReturnType<typeof lazy<ComponentType<P>>> & { preload(): Promise<unknown> };

/** A route's page as its own chunk, with preload() so a link can fetch it on hover or focus. */
export function lazyPage<P = object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => (loading ??= load());
  return Object.assign(lazy(preload), { preload });
}
