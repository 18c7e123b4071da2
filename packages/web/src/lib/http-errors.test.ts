import { describe, expect, it } from 'vitest';
import { createToastGate, httpErrorText } from './http-errors';

describe('httpErrorText', () => {
  it('maps the catalogue statuses to their texts', () => {
    for (const status of [400, 401, 403, 408, 500, 501, 502, 503, 504, 505]) {
      expect(httpErrorText(status)).toEqual({ kind: 'catalogue', key: `http.${status}` });
    }
  });
  it('keeps 404 silent', () => {
    expect(httpErrorText(404)).toEqual({ kind: 'silent' });
  });
  it('uses the link error text for other statuses', () => {
    expect(httpErrorText(418)).toEqual({ kind: 'catalogue', key: 'http.other' });
    expect(httpErrorText(429)).toEqual({ kind: 'server', fallbackKey: 'http.other' });
  });
});

describe('createToastGate', () => {
  it('shows the same text at most once a second', () => {
    let time = 0;
    const gate = createToastGate(1000, () => time);
    expect(gate('a')).toBe(true);
    time = 500;
    expect(gate('a')).toBe(false);
    expect(gate('b')).toBe(true);
    time = 1000;
    expect(gate('a')).toBe(true);
  });
});
