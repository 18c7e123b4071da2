import { Button, Card, Form, Input, List, Modal, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DiagnosisLimits, ReportRequestState, type ReportRequestDto } from '@pathconsult/shared';
import type { ApiError } from '@/lib/api-error';
import { showFailure } from '@/lib/form-errors';
import { serverText } from '@/lib/server-text';
import { toastError, toastSuccess } from '@/lib/toast';
import { useConfirmAction } from '@/lib/use-confirm-action';
import { useAnswerReportChange } from '../api/diagnosis';
import { whenValid } from '@/lib/form-rules';

const STATE_COLOR: Record<number, string> = {
  [ReportRequestState.Pending]: 'orange',
  [ReportRequestState.Agreed]: 'blue',
  [ReportRequestState.Refused]: 'red',
  [ReportRequestState.Done]: 'green',
};

/**
 * The doctor's requests about the reports (modification, supplementary opinion) with their
 * state and the expert's answer. The expert answers a pending one here: agree (a new version
 * opens in the form above) or refuse with a reason.
 */
export function ReportRequests({
  requests,
  mayAnswer,
}: {
  requests: readonly ReportRequestDto[];
  mayAnswer: boolean;
}) {
  const { t } = useTranslation('diagnosis');
  const answer = useAnswerReportChange();
  const confirm = useConfirmAction();
  const [refusing, setRefusing] = useState<ReportRequestDto | null>(null);
  if (requests.length === 0) {
    return null;
  }
  const onError = (error: ApiError) => showFailure(error, toastError, t('form.failed'));
  return (
    <Card size="small" title={t('requests.title')} data-testid="report-requests">
      <List
        dataSource={[...requests].reverse()}
        renderItem={(r) => (
          <List.Item
            data-testid={`report-request-${r.iRequestId}`}
            actions={
              mayAnswer && r.ddState.iNumber === ReportRequestState.Pending
                ? [
                    <Button
                      key="agree"
                      type="primary"
                      size="small"
                      data-testid={`request-agree-${r.iRequestId}`}
                      onClick={() =>
                        confirm({
                          title: t('requests.agreeTitle'),
                          content: t('requests.agreeContent'),
                          danger: false,
                          okTestId: 'request-agree-ok',
                          action: () =>
                            answer.mutateAsync({ iRequestId: r.iRequestId, bAgree: true }),
                          done: t('requests.agreed'),
                          onError,
                        })
                      }
                    >
                      {t('requests.agree')}
                    </Button>,
                    <Button
                      key="refuse"
                      danger
                      size="small"
                      data-testid={`request-refuse-${r.iRequestId}`}
                      onClick={() => setRefusing(r)}
                    >
                      {t('requests.refuse')}
                    </Button>,
                  ]
                : []
            }
          >
            <List.Item.Meta
              title={
                <Space wrap>
                  <Tag>{t(`requests.kind.${r.ddKind.iNumber}`)}</Tag>
                  <Tag color={STATE_COLOR[r.ddState.iNumber]} data-testid="request-state">
                    {t(`requests.state.${r.ddState.iNumber}`)}
                  </Tag>
                  <Typography.Text type="secondary">
                    {r.requester.strRealName} · {dayjs(r.dtCreateTime).format('YYYY-MM-DD HH:mm')}
                  </Typography.Text>
                </Space>
              }
              description={
                <>
                  <div>
                    {t('requests.reason')}
                    {r.strReason}
                  </div>
                  {r.strAnswer && (
                    <div data-testid="request-answer">
                      {t('requests.answer')}
                      {r.strAnswer}
                    </div>
                  )}
                </>
              }
            />
          </List.Item>
        )}
      />
      <RefuseModal
        target={refusing}
        onClose={() => setRefusing(null)}
        onRefuse={(strAnswer) =>
          refusing &&
          answer.mutate(
            { iRequestId: refusing.iRequestId, bAgree: false, strAnswer },
            {
              onSuccess: () => {
                toastSuccess(t('requests.refused'));
                setRefusing(null);
              },
              onError,
            },
          )
        }
        loading={answer.isPending}
      />
    </Card>
  );
}

function RefuseModal({
  target,
  onClose,
  onRefuse,
  loading,
}: {
  target: ReportRequestDto | null;
  onClose: () => void;
  onRefuse: (answer: string) => void;
  loading: boolean;
}) {
  const { t } = useTranslation('diagnosis');
  const [form] = Form.useForm<{ strAnswer: string }>();
  return (
    <Modal
      open={target !== null}
      title={t('requests.refuseTitle')}
      width={768}
      onCancel={onClose}
      okText={t('requests.refuse')}
      okButtonProps={{ danger: true, loading, ...{ 'data-testid': 'request-refuse-ok' } }}
      onOk={() => whenValid(form, (v) => onRefuse(v.strAnswer.trim()))}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="refuseForm" preserve={false}>
        <Form.Item
          name="strAnswer"
          label={t('requests.refuseReason')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: serverText('validation.diagnosis.refuseReason'),
            },
          ]}
        >
          <Input.TextArea
            autoFocus
            autoSize={{ minRows: 3, maxRows: 6 }}
            maxLength={DiagnosisLimits.reasonMax}
            showCount
            data-testid="request-refuse-reason"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
