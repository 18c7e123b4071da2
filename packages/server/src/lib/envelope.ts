import { ICode, translate, type Lang } from '@pathconsult/shared';

/** The success envelope every route returns: `{ iCode: 0, strMessage, objData }`. */
export function ok<T>(lang: Lang, objData: T) {
  return { iCode: ICode.Success, strMessage: translate('SUCCESS', lang), objData };
}
