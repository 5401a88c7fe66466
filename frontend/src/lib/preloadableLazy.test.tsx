import { Suspense, type ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { preloadableLazy } from './preloadableLazy';

function Greeting({ name }: { name: string }) {
  return <p>Hello, {name}</p>;
}

/** A module that loads when `finish` is called, as a lazy chunk over the network would. */
function slowModule() {
  let finish = () => {};
  const loaded = new Promise<{ default: typeof Greeting }>((resolve) => {
    finish = () => resolve({ default: Greeting });
  });
  return { load: vi.fn(() => loaded), finish };
}

const shown = (node: ReactNode) => render(<Suspense fallback={<p>Loading</p>}>{node}</Suspense>);

test('a preloaded component renders at once: no Suspense fallback in between', async () => {
  const module = slowModule();
  const Lazy = preloadableLazy(module.load);
  const preloaded = Lazy.preload();
  module.finish();
  expect((await preloaded).default).toBe(Greeting);

  shown(<Lazy name="Ada" />);
  expect(screen.getByText('Hello, Ada')).toBeInTheDocument();
  expect(screen.queryByText('Loading')).not.toBeInTheDocument();
  expect(module.load).toHaveBeenCalledTimes(1);
});

test('one not preloaded waits for beforeLoad, then loads once, behind the fallback', async () => {
  const module = slowModule();
  let painted = () => {};
  const beforeLoad = vi.fn(() => new Promise<void>((resolve) => (painted = resolve)));
  const Lazy = preloadableLazy(module.load, beforeLoad);

  shown(<Lazy name="Grace" />);
  expect(screen.getByText('Loading')).toBeInTheDocument();
  await act(async () => undefined);
  expect(beforeLoad).toHaveBeenCalledTimes(1);
  expect(module.load).not.toHaveBeenCalled();

  await act(async () => painted());
  expect(module.load).toHaveBeenCalledTimes(1);
  await act(async () => module.finish());
  expect(await screen.findByText('Hello, Grace')).toBeInTheDocument();
  // A later preload is the same load.
  await Lazy.preload();
  expect(module.load).toHaveBeenCalledTimes(1);
});

test('preloading skips beforeLoad: the page a visitor lands on does not wait for the first paint', async () => {
  const module = slowModule();
  const beforeLoad = vi.fn(() => new Promise<void>(() => {}));
  const Lazy = preloadableLazy(module.load, beforeLoad);
  void Lazy.preload();
  shown(<Lazy name="Edsger" />);
  expect(screen.getByText('Loading')).toBeInTheDocument();
  await act(async () => module.finish());
  expect(await screen.findByText('Hello, Edsger')).toBeInTheDocument();
  expect(beforeLoad).not.toHaveBeenCalled();
});
