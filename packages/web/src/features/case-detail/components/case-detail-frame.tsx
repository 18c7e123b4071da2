import { Button, Result, Space, Spin, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { PatientDto } from '@pathconsult/shared';
import { ExceptionResult } from '@/components/exception-result';
import { findRoute } from '@/config/paths';
import { useCaseInfo } from '@/features/cases/api/cases';
import { ApiError } from '@/lib/api-error';
import { useSession } from '@/lib/use-session';
import {
  caseDetailHref,
  detailTabsFor,
  patientIdOf,
  type CaseDetailPath,
} from '../utils/detail-tabs';
import { CaseDetailHeader } from './case-detail-header';
import { CaseUploadOffer } from './case-upload-offer';
import { useGoBack } from '@/lib/use-go-back';
import { useTabLabel } from '@/app/tab-bar/tab-labels';

/** A refusal a retry cannot change: the case is missing (or another hospital's), or not the user's. */
function isFinal(error: Error): error is ApiError {
  return (
    error instanceof ApiError &&
    (error.httpStatus === 404 || error.strErrorCode === 'CASE_NOT_OWNED')
  );
}

interface CaseDetailFrameProps {
  current: CaseDetailPath;
  /** The screen's part, once the case is read. */
  children: (patient: PatientDto) => ReactNode;
}

/**
 * The frame of the four case screens: the case (from `?iPatientId=`) read once, its header, and
 * tabs that switch between the screens. Each screen is a route of its own, so the workspace tab
 * bar keeps one tab per screen and reopening it for another case updates that tab (tabs.ts).
 */
export function CaseDetailFrame({ current, children }: CaseDetailFrameProps) {
  const { t } = useTranslation('caseDetail');
  const { t: tMenu } = useTranslation('menu');
  const { t: tCommon } = useTranslation('common');
  const navigate = useNavigate();
  const goBack = useGoBack();
  const [params] = useSearchParams();
  const { iRoleType } = useSession();
  const iPatientId = patientIdOf(params.get('iPatientId'));
  const info = useCaseInfo(iPatientId);
  // The tab says which case: each case screen keeps one tab whatever case it shows.
  useTabLabel(info.data?.strDiagnosistNum);

  if (iPatientId === null) {
    return <Result status="warning" title={t('noCase')} data-testid="case-detail-no-case" />;
  }
  if (info.isPending) {
    return <Spin size="large" style={{ display: 'block', margin: '48px auto' }} />;
  }
  if (info.isError && isFinal(info.error)) {
    // A case that is gone, or not this user's to read, will not come back with a retry.
    return (
      <ExceptionResult
        status={info.error.httpStatus === 404 ? '404' : '403'}
        title={t('unavailable')}
        subTitle={info.error.message}
        data-testid="case-detail-unavailable"
        extra={
          <Button type="primary" onClick={goBack}>
            {tCommon('action.back')}
          </Button>
        }
      />
    );
  }
  if (info.isError) {
    return (
      <Result
        status="error"
        title={t('loadError')}
        subTitle={info.error.message}
        data-testid="case-detail-error"
        extra={<Button onClick={() => void info.refetch()}>{t('retry')}</Button>}
      />
    );
  }
  return (
    <>
      {/* Outside the Space: it renders nothing, and would take a gap there. */}
      <CaseUploadOffer patient={info.data} />
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <CaseDetailHeader patient={info.data} />
        <Tabs
          activeKey={current}
          onChange={(key) => void navigate(caseDetailHref(key as CaseDetailPath, iPatientId))}
          items={detailTabsFor(iRoleType).map((path) => ({
            key: path,
            label: (
              <span data-testid={`case-tab-${path.split('/')[2]}`}>
                {tMenu(findRoute(path)?.titleKey ?? path)}
              </span>
            ),
          }))}
          data-testid="case-detail-tabs"
        />
        {children(info.data)}
      </Space>
    </>
  );
}
