import { knowShop, type ShopSettings } from './money';

/** The browser's runtime settings, served by the backend at /config.json (one build, any Firebase). */
export interface RuntimeConfig {
  firebase: { apiKey: string; authDomain: string; projectId: string; [key: string]: string | undefined };
  authEmulatorUrl: string | null;
  stripePublishableKey: string | null;
  paymentProvider: 'stripe' | 'test';
  /** How customers prove their age before buying blades: `declared` needs a signed declaration; `test` is offline. */
  ageVerification: 'declared' | 'test';
  shop: ShopSettings;
}

let loading: Promise<RuntimeConfig> | null = null;

export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  loading ??= fetch('/config.json', { cache: 'no-store' })
    .then((response) => {
      if (!response.ok) throw new Error(`/config.json answered ${response.status}`);
      return response.json() as Promise<RuntimeConfig>;
    })
    .then((config) => {
      knowShop(config.shop);
      return config;
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}
