import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DiagnosisLimits,
  ReviewState,
  reportReviewSchema,
  type ReviewListItem,
} from '@pathconsult/shared';
import { FormModal } from '@/components/form-modal';
import type { ApiError } from '@/lib/api-error';
import { applyFieldErrors } from '@/lib/form-errors';
import { zodRule } from '@/lib/form-rules';
import { serverText } from '@/lib/server-text';
import { toastError, toastSuccess } from '@/lib/toast';
import { useReviewReport } from '../api/diagnosis';
import { isReviewGone } from '../utils/review-state';

/**
 * Rejecting a version needs a reason, which the expert reads above the version they write again.
 * Reason `review-reject-reason` (`#reviewRejectForm_strReason`), button `review-reject-ok`.
 */
export function ReviewRejectModal({
  target,
  onClose,
}: {
  target: ReviewListItem | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('diagnosis');
  const [form] = Form.useForm<{ strReason: string }>();
  const review = useReviewReport();

  function handleError(error: ApiError) {
    if (applyFieldErrors(form, error.fieldErrors)) {
      return;
    }
    if (!error.shown) {
      toastError(error.strMessage || t('form.failed'));
    }
    if (isReviewGone(error)) {
      onClose();
    }
  }

  function handleFinish({ strReason }: { strReason: string }) {
    if (!target) {
      return;
    }
    review.mutate(
      {
        iReportId: target.iReportId,
        ddReviewState: { iNumber: ReviewState.Rejected },
        strReason: strReason.trim(),
      },
      {
        onSuccess: () => {
          toastSuccess(t('review.rejected', { num: target.strDiagnosistNum }));
          onClose();
        },
        onError: handleError,
      },
    );
  }

  return (
    <FormModal
      open={target !== null}
      title={t('review.rejectTitle', { num: target?.strDiagnosistNum ?? '' })}
      onCancel={onClose}
      okText={t('review.reject')}
      submit={{ testId: 'review-reject-ok', loading: review.isPending, danger: true }}
      form={form}
      formProps={{ name: 'reviewRejectForm', onFinish: handleFinish }}
    >
      <div data-testid="review-reject-modal">
        <Typography.Paragraph type="secondary">{t('review.rejectHint')}</Typography.Paragraph>
        <Form.Item
          name="strReason"
          label={t('review.rejectReason')}
          required
          rules={[
            {
              required: true,
              whitespace: true,
              message: serverText('validation.diagnosis.reason'),
            },
            zodRule(reportReviewSchema.shape.strReason),
          ]}
        >
          <Input.TextArea
            autoFocus
            autoSize={{ minRows: 3, maxRows: 6 }}
            maxLength={DiagnosisLimits.reasonMax}
            showCount
            data-testid="review-reject-reason"
          />
        </Form.Item>
      </div>
    </FormModal>
  );
}
