/**
 * The races' first-time buyers (Auth Emulator accounts Keen has never seen) and the moment they
 * all send their order, shared by `npm run bench:http` and `npm run bench:race`.
 */

export interface PlaceOrderAnswer {
  data?: { placeOrder?: { id: string } };
  errors?: { message: string }[];
}

export interface RaceAnswer<A = PlaceOrderAnswer> {
  ms: number;
  status: number;
  answer: A;
}

export async function emulatorCall(
  emulator: string,
  route: string,
  body: object,
  headers: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const response = await fetch(`http://${emulator}/identitytoolkit.googleapis.com/v1/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`emulator ${route}: ${JSON.stringify(answer)}`);
  return answer;
}

/** New Auth Emulator accounts, each with an ID token; `removeAll` deletes every one made so far. */
export class Buyers {
  private readonly accounts: string[] = [];
  /** Sign-ups in flight, which `removeAll` waits for before it removes the accounts. */
  private signingUp: Promise<unknown> = Promise.resolve();
  private made = 0;
  /** Set on Ctrl-C: no new sign-ups start. */
  interrupted = false;

  constructor(
    private readonly emulator: string,
    private readonly prefix: string,
  ) {}

  /**
   * `count` ID tokens of new accounts, 20 sign-ups at a time, each from a sign-in after the
   * sign-up (the emulator's first token can read as revoked: see docs/testing.md, "Traps in tests").
   */
  async make(count: number): Promise<string[]> {
    const tokens: string[] = [];
    for (let i = 0; i < count && !this.interrupted; i += 20) {
      const batch = Promise.all(Array.from({ length: Math.min(20, count - i) }, () => this.one()));
      this.signingUp = batch.catch(() => undefined);
      tokens.push(...(await batch));
    }
    if (this.interrupted) throw new Error('interrupted');
    return tokens;
  }

  async removeAll(): Promise<void> {
    await this.signingUp;
    const localIds = this.accounts.splice(0);
    if (!localIds.length) return;
    await emulatorCall(
      this.emulator,
      'projects/demo-keen/accounts:batchDelete',
      { localIds, force: true },
      { authorization: 'Bearer owner' },
    ).catch((error: unknown) => console.error(`Could not remove the ${localIds.length} Auth Emulator accounts made: ${String(error)}`));
  }

  private async one(): Promise<string> {
    this.made += 1;
    const i = this.made;
    const account = { email: `${this.prefix}-${process.pid}-${i}@keen.test`, password: 'bench-password-1', returnSecureToken: true };
    const { localId } = await emulatorCall(this.emulator, 'accounts:signUp?key=demo-api-key', { ...account, displayName: `Buyer ${i}` });
    this.accounts.push(String(localId));
    return String((await emulatorCall(this.emulator, 'accounts:signInWithPassword?key=demo-api-key', account)).idToken);
  }
}

/** A GraphQL request as `token`, answered with its data; an error or a missing answer throws. */
export async function graphqlAs<T>(url: string, token: string, query: string, variables: object): Promise<T> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const answer = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (!answer.data || answer.errors) throw new Error(`${query.split('(')[0]}: ${response.status} ${JSON.stringify(answer.errors)}`);
  return answer.data;
}

/**
 * Every request POSTed to `url` at the same moment, each answer read as JSON; a request that got
 * no answer is answered `noAnswer(why)` with status 0.
 */
export async function postAtOnce<A>(
  url: string,
  requests: { body: string; authorization?: string }[],
  noAnswer: (reason: string) => A,
): Promise<{ answers: RaceAnswer<A>[]; wallMs: number }> {
  const started = performance.now();
  const answers = await Promise.all(
    requests.map(async ({ body, authorization }): Promise<RaceAnswer<A>> => {
      const sent = performance.now();
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
          body,
          signal: AbortSignal.timeout(60_000),
        });
        const answer = (await response.json()) as A;
        return { ms: performance.now() - sent, status: response.status, answer };
      } catch (error) {
        return { ms: performance.now() - sent, status: 0, answer: noAnswer(String((error as Error).cause ?? error)) };
      }
    }),
  );
  return { answers, wallMs: performance.now() - started };
}

/**
 * Each token sends the placeOrder of `inputOf(its number)` to `keenUrl` at the same moment, with a
 * phone, and the older one-text address unless the input gives a shippingAddress.
 */
export function orderAtOnce(
  keenUrl: string,
  tokens: string[],
  inputOf: (i: number) => object,
): Promise<{ answers: RaceAnswer[]; wallMs: number }> {
  const query = 'mutation PlaceOrder($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }';
  const requests = tokens.map((token, i) => {
    const input = inputOf(i);
    const destination = 'shippingAddress' in input ? {} : { address: '1 Race Street' };
    return {
      authorization: `Bearer ${token}`,
      body: JSON.stringify({ query, variables: { input: { phone: '+1 201 555 0123', ...destination, ...input } } }),
    };
  });
  return postAtOnce<PlaceOrderAnswer>(`${keenUrl}/graphql`, requests, (reason) => ({ errors: [{ message: `no answer: ${reason}` }] }));
}
