import { Alert, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DistributionItem } from '@pathconsult/shared';
import { ExpertPicker, useExpertChoice } from '@/features/receives/components/expert-picker';
import { sendOnSubmitEnter } from '@/features/receives/utils/enter-submits';
import type { ApiError } from '@/lib/api-error';
import { toastSuccess } from '@/lib/toast';
import { useDistribute, useDistributionExperts } from '../api/distribution';

/**
 * Gives a waiting case its experts (patient/updatePatientReceiveUser): the picker offers those
 * the administrator may assign to (own center, or all the case group's), with a hospital filter
 * when they come from more than one hospital (spec §6). The first chosen expert takes the case's
 * receive, each further one gets a receive of their own. `assign-dialog`.
 */
export function AssignDialog({
  target,
  onClose,
}: {
  target: DistributionItem | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('distribution');
  const choice = useExpertChoice();
  /** OK was pressed with nobody chosen (shown until someone is). */
  const [missing, setMissing] = useState(false);
  /** The server's field error, if any. */
  const [problem, setProblem] = useState<string | null>(null);
  const experts = useDistributionExperts(
    { ...choice.query, iPatientReceiveId: target?.iPatientReceiveId ?? 0 },
    target !== null,
  );
  const distribute = useDistribute();
  const hospitals = experts.data?.listHospital ?? [];

  const close = () => {
    choice.reset();
    setMissing(false);
    setProblem(null);
    onClose();
  };

  const send = () => {
    // Enter can arrive again while the first send is on its way.
    if (!target || distribute.isPending) {
      return;
    }
    if (choice.chosen.size === 0) {
      setMissing(true);
      return;
    }
    setProblem(null);
    distribute.mutate(
      {
        iPatientReceiveId: target.iPatientReceiveId,
        listUser: [...choice.chosen.keys()].map((iUserId) => ({ iUserId })),
        isAlReadyAllot: { iNumber: 0 },
      },
      {
        onSuccess: () => {
          toastSuccess(
            t('assign.done', {
              num: target.strDiagnosistNum,
              names: [...choice.chosen.values()].join('、'),
            }),
          );
          close();
        },
        onError: (error: ApiError) => {
          // Distributed or withdrawn meanwhile: the client toasted why; the list reloads.
          if (error.strErrorCode === 'CASE_STATE_CHANGED') {
            close();
            return;
          }
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
      title={t('assign.title', { num: target?.strDiagnosistNum ?? '' })}
      width={968}
      onCancel={close}
      onOk={send}
      okText={t('assign.submit')}
      cancelText={t('cancel')}
      okButtonProps={{ loading: distribute.isPending, ...{ 'data-testid': 'assign-ok' } }}
      destroyOnHidden
    >
      <Flex
        vertical
        gap="middle"
        data-testid="assign-dialog"
        // As in the case submission dialog: Enter on a ticked expert assigns.
        onKeyDown={sendOnSubmitEnter(send)}
      >
        {target && (
          <Typography.Text type="secondary">
            {t('assign.caseLine', {
              name: target.strPatientName,
              hospital: target.strSendHospitalName,
              center: target.strDiagnosticsCenterName,
            })}
          </Typography.Text>
        )}
        {experts.isError ? (
          <Alert type="error" showIcon title={t('assign.loadError')} data-testid="assign-error" />
        ) : (
          <ExpertPicker
            choice={choice}
            page={experts.data}
            loading={experts.isFetching}
            hospitals={
              hospitals.length > 1
                ? hospitals.map((h) => ({ value: h.iHospitalId, label: h.strHospitalName }))
                : undefined
            }
            hospitalPlaceholder={t('assign.filterHospital')}
            autoFocus
            onSubmit={send}
          />
        )}
        {missing && choice.chosen.size === 0 && (
          <Alert
            type="error"
            showIcon
            title={t('assign.selectExpert')}
            data-testid="assign-problem"
          />
        )}
        {problem && <Alert type="error" showIcon title={problem} data-testid="assign-problem" />}
      </Flex>
    </Modal>
  );
}
