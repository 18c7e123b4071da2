import { describe, expect, it } from 'vitest';
import { langFromLocation, resolveInitialLang } from './lang';

describe('langFromLocation', () => {
  it('reads the query before the hash', () => {
    expect(langFromLocation('?lang=en', '#/login')).toBe('en');
  });
  it('reads the query inside the hash', () => {
    expect(langFromLocation('', '#/login?lang=en-US')).toBe('en');
    expect(langFromLocation('', '#/login?x=1&lang=zh-CN')).toBe('zh');
  });
  it('ignores unknown values', () => {
    expect(langFromLocation('?lang=fr', '#/')).toBeNull();
    expect(langFromLocation('', '#/workplace')).toBeNull();
  });
});

describe('resolveInitialLang', () => {
  it('prefers the query over the stored setting', () => {
    expect(resolveInitialLang('?lang=zh', '', ['en', 'en'])).toBe('zh');
  });
  it('falls back to the first stored value', () => {
    expect(resolveInitialLang('', '#/login', [null, 'en'])).toBe('en');
    expect(resolveInitialLang('', '', ['en-US', 'zh'])).toBe('en');
  });
  it('defaults to Chinese', () => {
    expect(resolveInitialLang('', '', [null, null])).toBe('zh');
    expect(resolveInitialLang('', '', ['garbage'])).toBe('zh');
  });
});
