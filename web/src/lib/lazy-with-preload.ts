import { createElement, lazy, useState, type ComponentType } from "react";

/** The props of a module's default component. */
type PropsOf<M> = M extends { default: ComponentType<infer P> } ? P : never;

/**
 * React.lazy with a `preload()` that fetches the module ahead of the first render. A component
 * mounted once its module is there renders at once: React.lazy alone suspends on its first render
 * even then, and a server-rendered page hydrating with a suspended part must redo that part from
 * scratch when anything above it changes (its HTML is replaced, and what was typed in it is lost).
 * main.tsx preloads a server-rendered page's parts before hydrating it (app/router.tsx).
 */
export function lazyWithPreload<M extends { default: ComponentType<never> }>(load: () => Promise<M>) {
  type P = PropsOf<M> & object;
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<M> | undefined;
  const preload = (): Promise<M> =>
    (loading ??= load().then((module) => {
      loaded = module.default as ComponentType<P>;
      return module;
    }));
  const Lazy = lazy(() => preload().then(() => ({ default: loaded as ComponentType<P> })));
  function LazyWithPreload(props: P) {
    // chosen once per mount: switching from one to the other later would mount it again
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  /** Whether the module is there: a component mounted now renders at once, and needs no Suspense around it. */
  const isLoaded = () => loaded !== undefined;
  return Object.assign(LazyWithPreload, { preload, isLoaded });
}
