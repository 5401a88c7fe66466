let painted: Promise<void> | null = null;

/**
 * Resolves once the browser has painted the page for the first time (at once in a hidden tab, which
 * paints nothing): what is below the fold or on demand starts loading only then, so that its
 * requests and script work do not delay the first paint.
 */
export function afterFirstPaint(): Promise<void> {
  painted ??= new Promise((resolve) => {
    if (document.visibilityState === 'hidden') resolve();
    // A frame callback runs just before the paint; a task queued from it runs after.
    else requestAnimationFrame(() => setTimeout(resolve));
  });
  return painted;
}
