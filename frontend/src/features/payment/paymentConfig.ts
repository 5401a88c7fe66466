import { useEffect, useState } from 'react';
import { loadRuntimeConfig, type RuntimeConfig } from '../../lib/config';

export type PaymentConfig = Pick<RuntimeConfig, 'paymentProvider' | 'stripePublishableKey'>;

/** Which provider takes cards, from the runtime config the rest of the app reads too. */
export function usePaymentConfig(): { config: PaymentConfig | null; error: string | null } {
  const [state, setState] = useState<{ config: PaymentConfig | null; error: string | null }>({ config: null, error: null });
  useEffect(() => {
    let live = true;
    loadRuntimeConfig().then(
      (config) => live && setState({ config, error: null }),
      () => live && setState({ config: null, error: 'The payment settings could not be loaded; please reload the page.' }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
