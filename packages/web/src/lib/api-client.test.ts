import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * The client in node: sessionStorage and window.location are stubbed, toasts are recorded, and
 * i18n returns the key so that assertions name the catalogue entry that was chosen.
 */
const { toasts, storage, history, events } = vi.hoisted(() => {
  const data = new Map<string, string>();
  const storage = {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    clear: () => data.clear(),
    keys: () => [...data.keys()],
  };
  (globalThis as Record<string, unknown>).sessionStorage = storage;
  const location = { hash: '#/auditLogs' };
  const events: string[] = [];
  const history = {
    state: null as unknown,
    replaceState(state: unknown, _title: string, url: string) {
      history.state = state;
      location.hash = url;
    },
  };
  (globalThis as Record<string, unknown>).window = {
    location,
    history,
    dispatchEvent: (event: Event) => events.push(event.type),
  };
  return { toasts: [] as string[], storage, history, events };
});

vi.mock('./toast', () => ({ toastError: (text: string) => toasts.push(text) }));
vi.mock('./i18n', () => ({
  currentLang: () => 'en',
  i18next: { t: (key: string) => `errors:${key}` },
}));

const { api, ApiError } = await import('./api-client');
const { queryClient } = await import('./query-client');

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status }));
}

beforeEach(() => {
  toasts.length = 0;
  storage.clear();
  window.location.hash = '#/auditLogs';
});
afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('sends token and lang headers and unwraps objData', async () => {
    storage.setItem('token', 'abc');
    const fetch = answer(200, { iCode: 0, strMessage: 'ok', objData: { a: 1 } });
    vi.stubGlobal('fetch', fetch);
    await expect(
      api.get('log/GetAuditLogs', { query: { iCurPage: 2, strUserName: '' } }),
    ).resolves.toEqual({ a: 1 });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/log/GetAuditLogs?iCurPage=2');
    expect(init.headers).toMatchObject({ token: 'abc', lang: 'en' });
    // How long the tab has gone unused, so that background calls do not keep the session alive.
    expect((init.headers as Record<string, string>)['x-idle-seconds']).toMatch(/^\d+$/);
  });

  it('throws business failures with their code and toasts the server message', async () => {
    vi.stubGlobal(
      'fetch',
      answer(200, {
        iCode: 1000,
        strMessage: 'Frozen',
        strErrorCode: 'ACCOUNT_FROZEN',
        objData: {},
      }),
    );
    const error = await api.post('user/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ strErrorCode: 'ACCOUNT_FROZEN', httpStatus: 200, shown: true });
    expect(toasts).toEqual(['Frozen']);
  });

  it('leaves business failures to callers that handle them', async () => {
    vi.stubGlobal('fetch', answer(200, { iCode: 1000, strMessage: 'Bad', objData: {} }));
    await api.post('user/login', {}, { handleFailure: true }).catch(() => undefined);
    expect(toasts).toEqual([]);
  });

  it('shows nothing for a background check that fails, whatever the failure', async () => {
    for (const fetchImpl of [
      answer(200, { iCode: 1000, strMessage: 'Bad', objData: {} }),
      answer(502, 'not an envelope'),
      answer(500, { iCode: 1000, strMessage: 'Broken', objData: {} }),
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    ]) {
      vi.stubGlobal('fetch', fetchImpl);
      const error = await api.get('x', { quiet: true }).catch((e: unknown) => e);
      expect(error).toMatchObject({ shown: false });
    }
    expect(toasts).toEqual([]);
  });

  it('on 401 clears the session except the language, drops the query cache and goes to the login page, remembering the screen', async () => {
    for (const key of ['token', 'iUserId', 'iRoleType', 'tagsView', 'userInfo', 'lang']) {
      storage.setItem(key, '1');
    }
    queryClient.setQueryData(['auth', 'userInfo', 1], { iUserId: 1 });
    // The router's own entry, the fourth of the tab in the platform.
    history.state = { usr: null, key: 'k', idx: 3 };
    events.length = 0;
    vi.stubGlobal('fetch', answer(401, { iCode: 1000, strMessage: 'x', objData: {} }));
    await api.get('userManage/getUserInfo').catch(() => undefined);
    // The screen it expired on is kept, to come back to after the login, and the login page says
    // the session ended by itself.
    expect(storage.keys()).toEqual(['lang', 'sessionEnded', 'returnTo']);
    expect(storage.getItem('returnTo')).toBe('/auditLogs');
    // Nothing the ended session fetched stays cached for whoever logs in next.
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
    expect(window.location.hash).toBe('#/login');
    // In place of the screen, keeping the router's number of the entry; the router is told.
    expect(history.state).toEqual({ usr: null, key: 'k', idx: 3 });
    expect(events).toEqual(['popstate']);
    expect(toasts).toEqual(['errors:http.401']);
  });

  it('keeps 404 silent and maps other statuses to the catalogue', async () => {
    vi.stubGlobal('fetch', answer(404, { iCode: 1000, strMessage: 'nf', objData: {} }));
    await api.get('x').catch(() => undefined);
    expect(toasts).toEqual([]);
    vi.stubGlobal('fetch', answer(502, 'not an envelope'));
    await api.get('x').catch(() => undefined);
    vi.stubGlobal('fetch', answer(418, {}));
    await api.get('x').catch(() => undefined);
    expect(toasts).toEqual(['errors:http.502', 'errors:http.other']);
  });

  it('returns 400 field errors', async () => {
    const fieldErrors = [{ strField: 'strUserName', strMessage: 'required' }];
    vi.stubGlobal('fetch', answer(400, { iCode: 1000, strMessage: 'bad', objData: fieldErrors }));
    const error = await api
      .post('user/login', {}, { handleFailure: true })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ httpStatus: 400, fieldErrors });
    expect(toasts).toEqual([]);
  });

  it('says the server cannot be reached when no answer arrives', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await api.get('x').catch((e: unknown) => e);
    expect(error).toMatchObject({ httpStatus: 0, strErrorCode: 'NETWORK' });
    expect(toasts).toEqual(['errors:network']);
  });

  it('shows nothing when the caller cancelled the call', async () => {
    const controller = new AbortController();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        controller.abort();
        expect(init.signal?.aborted).toBe(true);
        throw new DOMException('aborted', 'AbortError');
      }),
    );
    await expect(api.get('x', { signal: controller.signal })).rejects.toThrow('aborted');
    expect(toasts).toEqual([]);
  });
});
