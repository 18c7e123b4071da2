import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ConfigDto } from '@pathconsult/shared';
import { api } from '@/lib/api-client';

/** Used until the configuration arrives, and when it cannot be read: nothing optional is offered. */
export const DEFAULT_CONFIG: ConfigDto = {
  siteTitle: '',
  loginDesc: '',
  forget: false,
  pwdRules: '',
  caseVariant: 1,
};

/** The global configuration (site title, login text, forget switch); readable before login. */
export const configQueryOptions = queryOptions({
  queryKey: ['config'],
  queryFn: ({ signal }) => api.get<ConfigDto>('configinfo/get', { signal }),
  staleTime: 5 * 60_000,
});

/** The configuration, `undefined` while loading, DEFAULT_CONFIG when it failed. */
export function useConfig(): ConfigDto | undefined {
  const { data, isError } = useQuery(configQueryOptions);
  return data ?? (isError ? DEFAULT_CONFIG : undefined);
}

/**
 * The site title as shown: the one the administrator set, else the platform's own name in the
 * reader's language (a title set by hand is shown as written, in both languages).
 */
export function useSiteTitle(): string {
  const { t } = useTranslation('common');
  return useConfig()?.siteTitle || t('appName');
}
