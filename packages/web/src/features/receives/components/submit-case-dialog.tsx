import { Alert, Flex, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '@/features/auth/api/get-user-info';
import { useCaseSlides } from '@/features/case-detail/api/case-slides';
import type { ApiError } from '@/lib/api-error';
import { toastSuccess } from '@/lib/toast';
import { useDiagnosisCenters, useExpertPicker, useSubmitCases } from '../api/receives';
import { sendOnSubmitEnter } from '../utils/enter-submits';
import { unreadySlides } from '../utils/unready-slides';
import { ExpertPicker, useExpertChoice } from './expert-picker';

type Mode = 'experts' | 'center';

export interface SubmitTarget {
  iPatientId: number;
  strDiagnosistNum: string;
}

/**
 * Sends a case for diagnosis (patient/addPatientReceive): to one or more experts chosen in the
 * picker (name search, diagnosis-center filter, paging, each expert's working time), or to a
 * diagnosis center whose administrators distribute it. At least one expert is required ("select
 * expert"); the server has the last word (no slides, state changed). `submit-case-dialog`.
 *
 * Keyboard: the name search has the first focus (not the dialog's × button, where Enter would
 * close it silently), and Enter sends like the Submit button — on the list's checkboxes, and in
 * the name search when there is no new name to look for.
 */
export function SubmitCaseDialog({
  target,
  onClose,
}: {
  target: SubmitTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('receives');
  const [mode, setMode] = useState<Mode>('experts');
  const choice = useExpertChoice();
  const { chosen } = choice;
  const [center, setCenter] = useState<number | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const groupId = useUserInfo(target !== null).data?.hospital?.iGroupId;
  const centers = useDiagnosisCenters(groupId).data ?? [];
  const experts = useExpertPicker(
    { ...choice.query, iPatientId: target?.iPatientId },
    target !== null && mode === 'experts',
  );
  const submit = useSubmitCases();
  const slides = useCaseSlides(target?.iPatientId ?? 0, target !== null);
  const unready = unreadySlides(slides.data?.listSlideDocument ?? []);
  // A slide not finished or failed could never be opened by the expert, nor finished or deleted
  // once the case is sent: the server refuses such a case (CASE_SLIDES_NOT_READY), and so does
  // the dialog, saying which slides hold it.
  const notReady = unready.uploading.length > 0 || unready.failed.length > 0;

  const close = () => {
    choice.reset();
    setCenter(undefined);
    setProblem(null);
    setMode('experts');
    onClose();
  };

  const send = () => {
    // Enter can arrive again while the first send is on its way.
    if (!target || submit.isPending || notReady) {
      return;
    }
    if (mode === 'experts' && chosen.size === 0) {
      setProblem(t('selectExpert'));
      return;
    }
    if (mode === 'center' && center === undefined) {
      setProblem(t('selectCenter'));
      return;
    }
    setProblem(null);
    submit.mutate(
      {
        listPatient: [{ iPatientId: target.iPatientId }],
        listUser: mode === 'experts' ? [...chosen.keys()].map((iUserId) => ({ iUserId })) : [],
        ddIsDiagnosticsCenter: { iNumber: mode === 'center' ? 1 : 0 },
        iAllotDiagnosticsCenterId: mode === 'center' ? center : undefined,
      },
      {
        onSuccess: () => {
          toastSuccess(t('submitted', { num: target.strDiagnosistNum }));
          close();
        },
        onError: (error: ApiError) => {
          const field = error.fieldErrors[0];
          if (field) {
            setProblem(field.strMessage);
          }
        },
      },
    );
  };

  return (
    <Modal
      open={target !== null}
      title={t('title', { num: target?.strDiagnosistNum ?? '' })}
      width={968}
      onCancel={close}
      onOk={send}
      okText={t('submit')}
      cancelText={t('cancel')}
      okButtonProps={{
        loading: submit.isPending,
        disabled: notReady,
        ...{ 'data-testid': 'submit-case-ok' },
      }}
      destroyOnHidden
    >
      <Flex
        vertical
        gap="middle"
        data-testid="submit-case-dialog"
        onKeyDown={sendOnSubmitEnter(send)}
      >
        {notReady && (
          <Alert
            type="error"
            showIcon
            title={t('slidesNotReady')}
            description={
              <Flex vertical>
                {(
                  [
                    ['slidesUploading', unready.uploading],
                    ['slidesFailed', unready.failed],
                  ] as const
                ).map(
                  ([key, names]) =>
                    names.length > 0 && (
                      <span key={key}>
                        {t(key, {
                          count: names.length,
                          names: names.join(t('common:namesSeparator')),
                        })}
                      </span>
                    ),
                )}
              </Flex>
            }
            data-testid="submit-slides-warning"
          />
        )}
        {centers.length > 0 && (
          <Radio.Group
            value={mode}
            onChange={(e) => {
              setMode(e.target.value as Mode);
              setProblem(null);
            }}
            options={[
              { value: 'experts', label: t('toExperts') },
              { value: 'center', label: t('toCenter') },
            ]}
            data-testid="submit-mode"
          />
        )}
        {mode === 'experts' ? (
          <ExpertPicker
            choice={choice}
            page={experts.data}
            loading={experts.isFetching}
            hospitals={centers.map((c) => ({ value: c.iHospitalId, label: c.strHospitalName }))}
            hospitalPlaceholder={t('filterCenter')}
            autoFocus
            onSubmit={send}
          />
        ) : (
          <Select
            placeholder={t('selectCenter')}
            style={{ width: 360 }}
            value={center}
            onChange={(value: number) => setCenter(value)}
            options={centers.map((c) => ({ value: c.iHospitalId, label: c.strHospitalName }))}
            data-testid="submit-center"
          />
        )}
        {problem && <Alert type="error" showIcon title={problem} data-testid="submit-problem" />}
      </Flex>
    </Modal>
  );
}
