import enAccount from './en/account.json';
import enRegistration from './en/registration.json';
import enConfig from './en/config.json';
import enFeedback from './en/feedback.json';
import enUpgradeNotice from './en/upgradeNotice.json';
import enAudit from './en/audit.json';
import enCases from './en/cases.json';
import enCaseDetail from './en/caseDetail.json';
import enAuth from './en/auth.json';
import enCommon from './en/common.json';
import enErrors from './en/errors.json';
import enHospitalGroups from './en/hospitalGroups.json';
import enHospitals from './en/hospitals.json';
import enForgotPassword from './en/forgotPassword.json';
import enMenu from './en/menu.json';
import enPrivileges from './en/privileges.json';
import enUsers from './en/users.json';
import enWorkplace from './en/workplace.json';
import enSignature from './en/signature.json';
import enWorkingTime from './en/workingTime.json';
import enSerialNumber from './en/serialNumber.json';
import enMedicalOrder from './en/medicalOrder.json';
import enCaseImport from './en/caseImport.json';
import enSlides from './en/slides.json';
import enSlideStatistics from './en/slideStatistics.json';
import enUpload from './en/upload.json';
import enAnnotations from './en/annotations.json';
import enViewer from './en/viewer.json';
import enReceives from './en/receives.json';
import enDistribution from './en/distribution.json';
import enAppointments from './en/appointments.json';
import enReportTemplates from './en/reportTemplates.json';
import enDiagnosis from './en/diagnosis.json';
import enNotices from './en/notices.json';
import enCommonWords from './en/commonWords.json';
import zhAccount from './zh-CN/account.json';
import zhRegistration from './zh-CN/registration.json';
import zhConfig from './zh-CN/config.json';
import zhFeedback from './zh-CN/feedback.json';
import zhUpgradeNotice from './zh-CN/upgradeNotice.json';
import zhAudit from './zh-CN/audit.json';
import zhCases from './zh-CN/cases.json';
import zhCaseDetail from './zh-CN/caseDetail.json';
import zhAuth from './zh-CN/auth.json';
import zhCommon from './zh-CN/common.json';
import zhErrors from './zh-CN/errors.json';
import zhHospitalGroups from './zh-CN/hospitalGroups.json';
import zhHospitals from './zh-CN/hospitals.json';
import zhForgotPassword from './zh-CN/forgotPassword.json';
import zhMenu from './zh-CN/menu.json';
import zhPrivileges from './zh-CN/privileges.json';
import zhUsers from './zh-CN/users.json';
import zhWorkplace from './zh-CN/workplace.json';
import zhSignature from './zh-CN/signature.json';
import zhWorkingTime from './zh-CN/workingTime.json';
import zhSerialNumber from './zh-CN/serialNumber.json';
import zhMedicalOrder from './zh-CN/medicalOrder.json';
import zhCaseImport from './zh-CN/caseImport.json';
import zhSlides from './zh-CN/slides.json';
import zhSlideStatistics from './zh-CN/slideStatistics.json';
import zhUpload from './zh-CN/upload.json';
import zhAnnotations from './zh-CN/annotations.json';
import zhViewer from './zh-CN/viewer.json';
import zhReceives from './zh-CN/receives.json';
import zhDistribution from './zh-CN/distribution.json';
import zhAppointments from './zh-CN/appointments.json';
import zhReportTemplates from './zh-CN/reportTemplates.json';
import zhDiagnosis from './zh-CN/diagnosis.json';
import zhNotices from './zh-CN/notices.json';
import zhCommonWords from './zh-CN/commonWords.json';

/**
 * All texts of the web app, bundled: together they are a few KB, less than one extra request
 * would cost. Server and validation texts are not here; they come from `messages` of
 * @pathconsult/shared (see server-text.ts).
 */
export const resources = {
  'zh-CN': {
    common: zhCommon,
    registration: zhRegistration,
    config: zhConfig,
    feedback: zhFeedback,
    upgradeNotice: zhUpgradeNotice,
    menu: zhMenu,
    auth: zhAuth,
    audit: zhAudit,
    cases: zhCases,
    caseDetail: zhCaseDetail,
    errors: zhErrors,
    workplace: zhWorkplace,
    workingTime: zhWorkingTime,
    signature: zhSignature,
    hospitals: zhHospitals,
    hospitalGroups: zhHospitalGroups,
    users: zhUsers,
    account: zhAccount,
    forgotPassword: zhForgotPassword,
    privileges: zhPrivileges,
    serialNumber: zhSerialNumber,
    medicalOrder: zhMedicalOrder,
    caseImport: zhCaseImport,
    slides: zhSlides,
    slideStatistics: zhSlideStatistics,
    upload: zhUpload,
    annotations: zhAnnotations,
    viewer: zhViewer,
    receives: zhReceives,
    distribution: zhDistribution,
    appointments: zhAppointments,
    reportTemplates: zhReportTemplates,
    diagnosis: zhDiagnosis,
    notices: zhNotices,
    commonWords: zhCommonWords,
  },
  en: {
    common: enCommon,
    registration: enRegistration,
    config: enConfig,
    feedback: enFeedback,
    upgradeNotice: enUpgradeNotice,
    menu: enMenu,
    auth: enAuth,
    audit: enAudit,
    cases: enCases,
    caseDetail: enCaseDetail,
    errors: enErrors,
    workplace: enWorkplace,
    workingTime: enWorkingTime,
    signature: enSignature,
    hospitals: enHospitals,
    hospitalGroups: enHospitalGroups,
    users: enUsers,
    account: enAccount,
    forgotPassword: enForgotPassword,
    privileges: enPrivileges,
    serialNumber: enSerialNumber,
    medicalOrder: enMedicalOrder,
    caseImport: enCaseImport,
    slides: enSlides,
    slideStatistics: enSlideStatistics,
    upload: enUpload,
    annotations: enAnnotations,
    viewer: enViewer,
    receives: enReceives,
    distribution: enDistribution,
    appointments: enAppointments,
    reportTemplates: enReportTemplates,
    diagnosis: enDiagnosis,
    notices: enNotices,
    commonWords: enCommonWords,
  },
} as const;

export const namespaces = Object.keys(resources.en) as (keyof (typeof resources)['en'])[];
