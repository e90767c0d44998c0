import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type LazyPage<P = object> = ReturnType<typeof lazy<ComponentType<P>>> & { preload(): Promise<unknown> };

/** A route's page as its own chunk, with preload() so a link can fetch it on hover or focus. */
export function lazyPage<P = object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => (loading ??= load());
  return Object.assign(lazy(preload), { preload });
}

/** A part of the page (a named export) as its own chunk, loaded when it first renders. */
// React's own lazy() takes a ComponentType<any>: a part's props are whatever its export declares.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyPart<Module extends Record<Name, ComponentType<any>>, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
): LazyExoticComponent<Module[Name]> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
