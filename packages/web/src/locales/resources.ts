import enAccount from './en/account.json';
import enAudit from './en/audit.json';
import enAuth from './en/auth.json';
import enCommon from './en/common.json';
import enErrors from './en/errors.json';
import enHospitalGroups from './en/hospitalGroups.json';
import enHospitals from './en/hospitals.json';
import enMenu from './en/menu.json';
import enUsers from './en/users.json';
import enWorkplace from './en/workplace.json';
import zhAccount from './zh-CN/account.json';
import zhAudit from './zh-CN/audit.json';
import zhAuth from './zh-CN/auth.json';
import zhCommon from './zh-CN/common.json';
import zhErrors from './zh-CN/errors.json';
import zhHospitalGroups from './zh-CN/hospitalGroups.json';
import zhHospitals from './zh-CN/hospitals.json';
import zhMenu from './zh-CN/menu.json';
import zhUsers from './zh-CN/users.json';
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
    hospitals: zhHospitals,
    hospitalGroups: zhHospitalGroups,
    users: zhUsers,
    account: zhAccount,
  },
  en: {
    common: enCommon,
    menu: enMenu,
    auth: enAuth,
    audit: enAudit,
    errors: enErrors,
    workplace: enWorkplace,
    hospitals: enHospitals,
    hospitalGroups: enHospitalGroups,
    users: enUsers,
    account: enAccount,
  },
} as const;

export const namespaces = Object.keys(resources.en) as (keyof (typeof resources)['en'])[];
