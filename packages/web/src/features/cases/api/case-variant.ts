import type { CaseVariantCode } from '@pathconsult/shared';
import { useConfig } from '@/features/config/api/get-config';
import { caseVariantOf } from '../utils/required-fields';

/**
 * The deployment's case model (configuration `caseVariant`: 1 human, 2 veterinary), undefined
 * while the configuration loads. A configuration without the setting is a human deployment.
 */
export function useCaseVariant(): CaseVariantCode | undefined {
  const config = useConfig();
  return config ? caseVariantOf(config) : undefined;
}
