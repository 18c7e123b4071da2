import enAudit from './en/audit.json';
import enAuth from './en/auth.json';
import enCommon from './en/common.json';
import enErrors from './en/errors.json';
import enMenu from './en/menu.json';
import enWorkplace from './en/workplace.json';
import zhAudit from './zh-CN/audit.json';
import zhAuth from './zh-CN/auth.json';
import zhCommon from './zh-CN/common.json';
import zhErrors from './zh-CN/errors.json';
import zhMenu from './zh-CN/menu.json';
import zhWorkplace from './zh-CN/workplace.json';

/**
 * All texts of the web app, bundled: together they are a few KB, less than one extra request
 * would cost. Server and validation texts are not here; they come from `messages` of
 * @pathconsult/shared (see server-text.ts).
 */
export const resources = {
  'zh-CN': {
    common: zhCommon,
    menu: zhMenu,
    auth: zhAuth,
    audit: zhAudit,
    errors: zhErrors,
    workplace: zhWorkplace,
  },
  en: {
    common: enCommon,
    menu: enMenu,
    auth: enAuth,
    audit: enAudit,
    errors: enErrors,
    workplace: enWorkplace,
  },
} as const;

export const namespaces = Object.keys(resources.en) as (keyof (typeof resources)['en'])[];
