import type { FullConfig } from '@playwright/test';
import { demo, gql, idToken } from './support';

/**
 * Every demo knife is age-restricted. The demo customer, who buys in most specs, passes the age
 * check once here, as a returning adult customer would have: those specs check what they are about,
 * in any order. The age step itself is tested with new shoppers (blades, storefront, checkout-shipping).
 */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const baseURL = config.projects[0].use.baseURL!;
  const { verifyAge } = await gql<{ verifyAge: { status: string } }>(
    baseURL,
    'mutation($input: VerifyAgeInput!) { verifyAge(input: $input) { status } }',
    { input: { fullName: 'Demo Customer', dateOfBirth: '1988-06-15', declaration: true } },
    await idToken(demo.customer),
  );
  if (verifyAge.status !== 'PASSED') throw new Error(`the demo customer's age check answered ${verifyAge.status}`);
}
