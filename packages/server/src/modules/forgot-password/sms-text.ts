import { VerificationCodeRules, type Lang } from '@pathconsult/shared';

/** The text of a forgot-password code in the language of the page that asked for it. */
export function resetCodeText(lang: Lang, code: string): string {
  const minutes = VerificationCodeRules.ttlMinutes;
  return lang === 'en'
    ? `Your PathConsult password reset code is ${code}, valid for ${minutes} minutes. ` +
        'If you did not ask for it, ignore this message.'
    : `您正在找回 PathConsult 账号密码，验证码 ${code}，${minutes} 分钟内有效。` +
        '如非本人操作，请忽略本短信。';
}

/**
 * The signature: the SMS signature of the hospital of the number's oldest account that has one
 * (a doctor and an expert account of one person may sit at two hospitals), else the platform's.
 */
export function signatureFor(
  accounts: readonly { smsSignature: string | null }[],
  fallback: string,
): string {
  const own = accounts.map((a) => a.smsSignature?.trim()).find((s) => s);
  return own ?? fallback;
}
