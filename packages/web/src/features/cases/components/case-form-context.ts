import { createContext, useContext } from 'react';
import type { CaseVariantCode, MessageKey } from '@pathconsult/shared';
import type { CaseFormField } from '../utils/case-form';

/** What every field of the case form needs to know: the variant and its required fields. */
export interface CaseFormContextValue {
  variant: CaseVariantCode;
  required: Partial<Record<CaseFormField, MessageKey>>;
}

export const CaseFormContext = createContext<CaseFormContextValue | null>(null);

export function useCaseFormContext(): CaseFormContextValue {
  const value = useContext(CaseFormContext);
  if (!value) {
    throw new Error('Case form fields must be inside the case form');
  }
  return value;
}
