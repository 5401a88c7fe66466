import { createContext, useContext, useEffect } from 'react';

/**
 * The title a page gives itself once its data is loaded (a product's name), over its route's own
 * (app/router.tsx keeps the document's <title>); null when it no longer names one.
 */
export const PageTitleContext = createContext<(title: string | null) => void>(() => {});

/** While the page is shown, the document is titled "{title} | Keen", as the server titled it. */
export function usePageTitle(title: string | undefined): void {
  const setTitle = useContext(PageTitleContext);
  useEffect(() => {
    if (!title) return;
    setTitle(title);
    return () => setTitle(null);
  }, [title, setTitle]);
}
