import { useEffect, useState } from 'react';
import { CombinedGraphQLErrors } from '@apollo/client';

export interface PaymentConfig {
  paymentProvider: 'stripe' | 'test';
  stripePublishableKey: string | null;
}

let loading: Promise<PaymentConfig> | null = null;

/** Which provider takes cards, from the server's /config.json (fetched once per page load). */
export function loadPaymentConfig(): Promise<PaymentConfig> {
  loading ??= fetch('/config.json')
    .then((response) => {
      if (!response.ok) throw new Error(`config.json answered ${response.status}`);
      return response.json() as Promise<PaymentConfig>;
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

export function usePaymentConfig(): { config: PaymentConfig | null; error: string | null } {
  const [state, setState] = useState<{ config: PaymentConfig | null; error: string | null }>({ config: null, error: null });
  useEffect(() => {
    let live = true;
    loadPaymentConfig().then(
      (config) => live && setState({ config, error: null }),
      () => live && setState({ config: null, error: 'The payment settings could not be loaded; please reload the page.' }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}

/** The server's own message for a failed operation, as the customer should read it. */
export function errorMessage(error: unknown): string {
  if (CombinedGraphQLErrors.is(error) && error.errors[0]) return error.errors[0].message;
  return 'Something went wrong; please try again.';
}
