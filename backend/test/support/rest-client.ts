import type { TestApp, TestSession } from '../support/harness';

export interface ApiResponse<T = any> {
  status: number;
  body: T;
}

/** One REST call: a JSON body (or raw text for malformed bodies), an optional bearer token and other headers. */
export function restClient(app: TestApp) {
  return async function api<T = any>(
    method: string,
    path: string,
    { as, body, raw, headers }: { as?: TestSession | string; body?: unknown; raw?: string; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse<T>> {
    const token = typeof as === 'string' ? as : as?.token;
    const response = await fetch(`${app.url}/api${path}`, {
      method,
      headers: {
        ...(body !== undefined || raw !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
}
