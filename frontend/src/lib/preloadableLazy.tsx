import { lazy, useState, type ComponentType } from 'react';

/** A lazy component whose loading can be started ahead of its first render. */
export type Preloadable<P extends object, M> = ComponentType<P> & { preload: () => Promise<{ default: ComponentType<P> } & M> };

/**
 * React.lazy with `preload()`: its module can be asked for before it first renders (for what the
 * page a visitor lands on needs). Once loaded it renders at once, where React.lazy would suspend
 * and hold the Suspense fallback on screen for a while (up to 300 ms) even for a module at hand.
 * `beforeLoad` is waited for by a first render that finds nothing preloaded.
 */
export function preloadableLazy<P extends object, M = object>(
  load: () => Promise<{ default: ComponentType<P> } & M>,
  beforeLoad?: () => Promise<void>,
): Preloadable<P, M> {
  let loading: Promise<{ default: ComponentType<P> } & M> | null = null;
  let loaded: ComponentType<P> | null = null;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module.default;
      return module;
    }));
  const Lazy = lazy(async () => {
    if (!loading) await beforeLoad?.();
    return preload();
  });
  function PreloadableComponent(props: P) {
    // Chosen once per mount: switching from one to the other would remount what it shows.
    const [Shown] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Shown {...props} />;
  }
  return Object.assign(PreloadableComponent, { preload });
}
