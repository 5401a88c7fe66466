let painted: Promise<void> | null = null;

/**
 * Resolves once the browser has painted the page for the first time: what is below the fold or on
 * demand starts loading only then, so that its requests and script work do not delay the first
 * paint.
 */
export function afterFirstPaint(): Promise<void> {
  painted ??= new Promise((resolve) => {
    // A hidden tab paints nothing: nothing to wait for.
    if (document.visibilityState === 'hidden') return resolve();
    // A frame callback runs just before the paint; a task queued from it runs after. Should frames
    // stop coming (the tab hidden meanwhile), the timer goes ahead anyway.
    requestAnimationFrame(() => setTimeout(resolve));
    setTimeout(resolve, 1000);
  });
  return painted;
}
