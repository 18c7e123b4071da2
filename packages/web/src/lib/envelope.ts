/**
 * The answer every API call wraps its result in (spec §7): iCode 0 success, 1000 a business
 * refusal; a refusal names its code and the values its message was filled with, so the web app
 * can show it again in another language.
 */
export interface ApiEnvelope {
  iCode: number;
  strMessage: string;
  strErrorCode?: string;
  objErrorParams?: Record<string, string | number>;
  objErrorMessageParams?: Record<string, string>;
  objData: unknown;
}
