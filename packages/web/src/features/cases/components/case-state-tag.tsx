import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { CaseState, isCaseStateCode } from '@pathconsult/shared';

const COLORS: Record<number, string> = {
  [CaseState.New]: 'default',
  [CaseState.Submitted]: 'processing',
  [CaseState.Completed]: 'success',
  [CaseState.Returned]: 'warning',
  [CaseState.Withdrawn]: 'magenta',
};

/** A case state as a coloured tag. */
export function CaseStateTag({ state }: { state: number }) {
  const { t } = useTranslation('cases');
  return (
    <Tag color={COLORS[state] ?? 'default'} data-testid="case-state">
      {t(isCaseStateCode(state) ? `state.${state}` : 'state.unknown')}
    </Tag>
  );
}
