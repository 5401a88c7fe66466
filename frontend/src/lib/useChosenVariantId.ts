import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * The variant chosen on a product's page: in the URL (?variant=), so that a shared link opens it,
 * and kept here too, since the router applies a URL change in a transition and the picker must not
 * flick back meanwhile. Each choice replaces the history entry: Back leaves the page instead of
 * stepping through the choices.
 */
export function useChosenVariantId(): [string | null, (id: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const [chosenId, setChosenId] = useState(() => searchParams.get('variant'));
  const choose = (id: string) => {
    setChosenId(id);
    setSearchParams(
      (params) => {
        params.set('variant', id);
        return params;
      },
      { replace: true },
    );
  };
  return [chosenId, choose];
}
