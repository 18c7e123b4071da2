/** A small client for the envelope API, as an integration partner would call it. */
export interface Answer<T = unknown> {
  status: number;
  body: { iCode: number; strMessage: string; strErrorCode?: string; objData: T };
}

export interface CallOptions {
  token?: string;
  lang?: 'zh' | 'en';
  headers?: Record<string, string>;
}

/** The client of apiClient(baseUrl): get, post and login. */
export type ApiClient = ReturnType<typeof apiClient>;

export function apiClient(baseUrl: string) {
  async function call<T>(
    method: string,
    path: string,
    body: unknown,
    o: CallOptions,
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...o.headers };
    if (o.token) {
      headers.token = o.token;
    }
    if (o.lang) {
      headers.lang = o.lang;
    }
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(`${baseUrl}/api/${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Answer<T>['body'] };
  }
  return {
    get: <T = unknown>(
      path: string,
      query: Record<string, string | number> = {},
      o: CallOptions = {},
    ) => {
      const qs = new URLSearchParams(
        Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
      );
      return call<T>('GET', qs.size ? `${path}?${qs}` : path, undefined, o);
    },
    post: <T = unknown>(path: string, body: unknown = {}, o: CallOptions = {}) =>
      call<T>('POST', path, body, o),
    /** Logs in and returns the token (fails the test when refused). */
    async login(
      strUserName: string,
      strUserPassword: string,
      o: CallOptions = {},
    ): Promise<string> {
      const a = await call<{ token: string }>(
        'POST',
        'user/login',
        { strUserName, strUserPassword },
        o,
      );
      if (a.body.iCode !== 0) {
        throw new Error(`login of ${strUserName} refused: ${a.body.strMessage}`);
      }
      return a.body.objData.token;
    },
  };
}
