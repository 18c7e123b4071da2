import { Alert, Flex, Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExpertPickItem } from '@pathconsult/shared';
import {
  SingleExpertPicker,
  useExpertPickerQuery,
} from '@/features/receives/components/single-expert-picker';
import { useBackReferral, useReferralExperts } from '../api/diagnosis';
import { ReasonField } from './reason-field';
import { useReturnDone } from './use-return-done';
import { whenValid } from '@/lib/form-rules';

/**
 * diagnosis/backPatientReferral: the expert passes the case to one other expert (those its doctor
 * could have chosen; experts already holding it are marked and cannot be picked) with a reason.
 */
export function ReferralModal({
  open,
  iPatientReceiveId,
  onClose,
}: {
  open: boolean;
  iPatientReceiveId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('diagnosis');
  const [form] = Form.useForm<{ strReason: string }>();
  const [chosen, setChosen] = useState<ExpertPickItem | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [query, setQuery] = useExpertPickerQuery();
  const experts = useReferralExperts(iPatientReceiveId, query, open);
  const back = useBackReferral();
  const close = () => {
    setChosen(null);
    setProblem(null);
    setQuery((q) => ({ iCurPage: 1, iPageSize: q.iPageSize }));
    onClose();
  };
  const done = useReturnDone(form, t('back.referred'), t('form.failed'), close);
  const send = () =>
    whenValid(form, (v) => {
      if (!chosen) {
        setProblem(t('back.selectExpert'));
        return;
      }
      done.send(back.mutateAsync, {
        iPatientReceiveId,
        iUserId: chosen.iUserId,
        strReason: v.strReason.trim(),
      });
    });
  return (
    <Modal
      open={open}
      title={t('back.referralTitle')}
      width={968}
      onCancel={close}
      okText={t('back.referral')}
      okButtonProps={{ loading: back.isPending, ...{ 'data-testid': 'back-referral-ok' } }}
      onOk={send}
      destroyOnHidden
    >
      <Flex vertical gap="middle">
        <SingleExpertPicker
          query={query}
          onQuery={setQuery}
          experts={experts}
          chosen={chosen}
          onChoose={(expert) => {
            setChosen(expert);
            setProblem(null);
          }}
          texts={{
            search: t('back.searchExpert'),
            chosen: (name) => t('back.chosen', { name }),
            none: t('back.noneChosen'),
            empty: t('back.noExperts'),
            loadError: t('back.expertsError'),
          }}
          testId="referral"
          disableSent
        />
        {problem && <Alert type="error" showIcon title={problem} data-testid="referral-problem" />}
        <Form form={form} layout="vertical" name="backReferralForm" preserve={false}>
          <ReasonField label={t('back.reason')} testId="back-referral-reason" />
        </Form>
      </Flex>
    </Modal>
  );
}
