import type { ErrorCodeName } from './errors';
import type { Lang } from './constants';

/**
 * Texts the server sends in `strMessage` and the web app shows beside form fields, in both languages.
 * Keys are error codes (see errors.ts) or `validation.*` keys used as zod messages by the schemas.
 * `{name}` placeholders are filled by `translate`.
 */
type Texts = Record<'SUCCESS' | ErrorCodeName | ValidationKey, string>;

export const validationKeys = [
  'validation.required',
  'validation.userNameRequired',
  'validation.passwordRequired',
  'validation.tooLong',
  'validation.invalid',
  'validation.mobile',
  'validation.email',
  'validation.idNumber',
  'validation.userName',
  'validation.passwordMin',
  'validation.dateRange',
  'validation.pageSize',
  'validation.hostPort',
  'validation.positiveNumber',
  'validation.passwordMismatch',
  'validation.passwordPattern',
  'validation.date',
] as const;
export type ValidationKey = (typeof validationKeys)[number];

const zh: Texts = {
  SUCCESS: '操作成功',
  VALIDATION_FAILED: '请求参数有误，请检查后重试',
  NOT_LOGGED_IN: '请先登录',
  SESSION_EXPIRED: '登录超时，请重新登录',
  FORBIDDEN: '无权访问',
  NOT_FOUND: '记录不存在',
  PAYLOAD_TOO_LARGE: '上传内容过大',
  LOGIN_LOCKED: '登录失败次数过多，请 {minutes} 分钟后再试',
  TOO_MANY_REQUESTS: '请求过于频繁，请稍后再试',
  INTERNAL_ERROR: '服务器错误，请重试',
  LOGIN_FAILED: '用户名或密码错误',
  ACCOUNT_FROZEN: '账号已被冻结，请联系管理员',
  ACCOUNT_NOT_ACTIVE: '账号尚未通过审核，暂不能登录',
  HOSPITAL_EXPIRED: '所在医院已过有效期，请联系管理员',
  NOT_CONSULTATION_HOSPITAL: '非会诊医院账号，不能登录申请端',
  IP_NOT_AUTHORIZED: '当前 IP 未获授权，禁止登录',
  SUPERADMIN_PROTECTED: '超级管理员不可编辑或删除',
  OPERATION_FAILED: '操作失败',
  USER_NAME_EXISTS: '用户名已存在',
  MOBILE_EXISTS: '该手机号已被同角色的其他账号使用',
  USER_IN_USE: '该用户已被使用，不能删除',
  CANNOT_OPERATE_SELF: '不能对当前登录的用户执行此操作',
  ROLE_NOT_ALLOWED: '不能在该机构创建或设置此角色的用户',
  PASSWORD_PATTERN: '密码不符合系统设置的密码规则',
  RESET_PASSWORD_ONLY: '编辑用户时只能将密码重置为默认密码',
  OLD_PASSWORD_WRONG: '原密码错误',
  PASSWORD_SAME_AS_OLD: '新密码不能与原密码相同',
  HOSPITAL_NAME_EXISTS: '机构名称已存在',
  HOSPITAL_IN_USE: '该机构已被使用（有用户或数据），不能删除',
  GROUP_NAME_EXISTS: '分组名称已存在',
  GROUP_NEEDS_CENTER: '每个分组至少需要一个诊断中心',
  GROUP_HOSPITAL_LIMIT: '分组机构数已达上限（{max} 家），请联系管理员',
  HOSPITAL_IN_OTHER_GROUP: '机构“{name}”已属于其他分组',
  'validation.required': '该项不能为空',
  'validation.userNameRequired': '请输入用户名或手机号',
  'validation.passwordRequired': '请输入密码',
  'validation.tooLong': '长度不能超过 {max} 个字符',
  'validation.invalid': '格式不正确',
  'validation.mobile': '手机号格式不正确（11 位，以 1 开头）',
  'validation.email': '邮箱格式不正确',
  'validation.idNumber': '身份证号格式不正确',
  'validation.userName': '用户名至少 2 个汉字或 4 个英文字符',
  'validation.passwordMin': '密码至少 {min} 位',
  'validation.dateRange': '开始日期不能晚于结束日期',
  'validation.pageSize': '每页条数超出范围',
  'validation.hostPort': '格式应为 主机:端口，如 192.168.1.10:8080',
  'validation.positiveNumber': '请输入大于 0 的数值',
  'validation.passwordMismatch': '两次输入的密码不一致',
  'validation.passwordPattern': '密码不符合系统设置的密码规则',
  'validation.date': '日期格式不正确',
};

const en: Texts = {
  SUCCESS: 'Success',
  VALIDATION_FAILED: 'The request is not valid; please check it and try again',
  NOT_LOGGED_IN: 'Please log in first',
  SESSION_EXPIRED: 'Login timeout, please login again',
  FORBIDDEN: 'Access denied',
  NOT_FOUND: 'Record not found',
  PAYLOAD_TOO_LARGE: 'The upload is too large',
  LOGIN_LOCKED: 'Too many failed logins; try again in {minutes} minutes',
  TOO_MANY_REQUESTS: 'Too many requests; please try again later',
  INTERNAL_ERROR: 'Server error, please try again',
  LOGIN_FAILED: 'Incorrect username or password',
  ACCOUNT_FROZEN: 'This account is frozen; please contact the administrator',
  ACCOUNT_NOT_ACTIVE: 'This account has not been approved yet and cannot log in',
  HOSPITAL_EXPIRED: 'Your hospital is past its validity date; please contact the administrator',
  NOT_CONSULTATION_HOSPITAL:
    'Accounts of a non-consultation hospital cannot log in to the applicant side',
  IP_NOT_AUTHORIZED: 'Login from this IP address is not authorized',
  SUPERADMIN_PROTECTED: 'The superadmin cannot be edited or deleted',
  OPERATION_FAILED: 'Operation failed',
  USER_NAME_EXISTS: 'User name already exists',
  MOBILE_EXISTS: 'This mobile number is already used by another account of this role',
  USER_IN_USE: 'This user is in use and cannot be deleted',
  CANNOT_OPERATE_SELF: 'Not authorized to operate on the logged-in user',
  ROLE_NOT_ALLOWED: 'This role cannot be given to a user of this institution',
  PASSWORD_PATTERN: 'The password does not follow the configured password rule',
  RESET_PASSWORD_ONLY: 'When editing a user the password can only be reset to the default',
  OLD_PASSWORD_WRONG: 'Old password error',
  PASSWORD_SAME_AS_OLD: 'The new password must differ from the old one',
  HOSPITAL_NAME_EXISTS: 'An institution with this name already exists',
  HOSPITAL_IN_USE: 'This institution is in use (users or data) and cannot be deleted',
  GROUP_NAME_EXISTS: 'A group with this name already exists',
  GROUP_NEEDS_CENTER: 'Each group needs at least one diagnostic center',
  GROUP_HOSPITAL_LIMIT: 'Hospital limit reached ({max} per group), contact administrator',
  HOSPITAL_IN_OTHER_GROUP: 'Institution "{name}" already belongs to another group',
  'validation.required': 'This field cannot be empty',
  'validation.userNameRequired': 'Please enter a user name or mobile number',
  'validation.passwordRequired': 'Please enter the password',
  'validation.tooLong': 'At most {max} characters',
  'validation.invalid': 'Invalid format',
  'validation.mobile': 'Invalid mobile number (11 digits starting with 1)',
  'validation.email': 'Invalid e-mail address',
  'validation.idNumber': 'Invalid ID number',
  'validation.userName': 'User name needs at least 2 Chinese or 4 English characters',
  'validation.passwordMin': 'Password needs at least {min} characters',
  'validation.dateRange': 'The start date cannot be after the end date',
  'validation.pageSize': 'Page size out of range',
  'validation.hostPort': 'Use host:port, e.g. 192.168.1.10:8080',
  'validation.positiveNumber': 'Enter a number greater than 0',
  'validation.passwordMismatch': 'The two passwords do not match',
  'validation.passwordPattern': 'The password does not follow the configured password rule',
  'validation.date': 'Invalid date',
};

export const messages: Record<Lang, Texts> = { zh, en };

export type MessageKey = keyof Texts;

export function isMessageKey(key: string): key is MessageKey {
  return key in zh;
}

/** The text of a code or validation key in a language, with `{name}` placeholders filled. */
export function translate(
  key: MessageKey,
  lang: Lang,
  params: Record<string, string | number> = {},
): string {
  return messages[lang][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
