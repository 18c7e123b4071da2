import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_CONTACT_MAX, FEEDBACK_CONTENT_MAX, feedbackAddSchema } from '@pathconsult/shared';
import { FormModal } from '@/components/form-modal';
import type { ApiError } from '@/lib/api-error';
import { applyFieldErrors, showFailure } from '@/lib/form-errors';
import { zodRule } from '@/lib/form-rules';
import { serverText } from '@/lib/server-text';
import { toastError, toastSuccess } from '@/lib/toast';
import { useAddFeedback } from '../api/feedback';
import { feedbackImageProblem, readAsDataUrl } from '../utils/image-file';
import { ImageField } from './image-field';

interface FeedbackValues {
  strContent: string;
  strContact?: string;
  strImage?: string | null;
}

interface FeedbackDialogProps {
  open: boolean;
  onClose: () => void;
}

const IMAGE_ERRORS = ['FEEDBACK_IMAGE_FORMAT', 'FEEDBACK_IMAGE_TOO_LARGE'];

/**
 * Feedback to the administrators (spec §3 Feedback, §5 "must not be empty; image at most 100K"):
 * content, contact, an optional PNG/JPEG image checked here as the server checks it. The modal is
 * `feedback-modal`, its button `feedback-submit`; fields `#feedback_strContent`,
 * `#feedback_strContact`.
 */
export function FeedbackDialog({ open, onClose }: FeedbackDialogProps) {
  const { t } = useTranslation('feedback');
  const [form] = Form.useForm<FeedbackValues>();
  const add = useAddFeedback();
  const shape = feedbackAddSchema.shape;

  const setImageError = (text: string) => form.setFields([{ name: 'strImage', errors: [text] }]);

  async function pick(file: File) {
    const problem = await feedbackImageProblem(file);
    if (problem) {
      // The previous image (if any) stays; the message says why this one was not taken.
      setImageError(serverText(problem));
      return;
    }
    form.setFields([{ name: 'strImage', value: await readAsDataUrl(file), errors: [] }]);
  }

  function handleFinish(values: FeedbackValues) {
    const body = {
      strContent: values.strContent.trim(),
      strContact: values.strContact?.trim() ?? '',
      strImage: values.strImage ?? null,
    };
    add.mutate(body, {
      onSuccess: () => {
        toastSuccess(t('form.sent'));
        onClose();
      },
      onError: (error: ApiError) => {
        if (IMAGE_ERRORS.includes(error.strErrorCode ?? '')) {
          setImageError(error.strMessage);
        } else if (!applyFieldErrors(form, error.fieldErrors)) {
          showFailure(error, toastError, t('form.sendFailed'));
        }
      },
    });
  }

  return (
    <FormModal<FeedbackValues>
      open={open}
      title={t('form.title')}
      width={768}
      onCancel={onClose}
      okText={t('form.submit')}
      submit={{ testId: 'feedback-submit', loading: add.isPending }}
      form={form}
      formProps={{
        name: 'feedback',
        initialValues: { strContent: '', strContact: '', strImage: null },
        onFinish: handleFinish,
      }}
    >
      <div data-testid="feedback-modal">
        <Form.Item
          name="strContent"
          label={t('fields.content')}
          required
          rules={[zodRule(shape.strContent, (v: string | undefined) => v ?? '')]}
        >
          <Input.TextArea
            autoFocus
            rows={5}
            showCount
            maxLength={FEEDBACK_CONTENT_MAX}
            placeholder={t('form.contentHint')}
          />
        </Form.Item>
        <Form.Item
          name="strContact"
          label={t('fields.contact')}
          rules={[zodRule(shape.strContact)]}
        >
          <Input maxLength={FEEDBACK_CONTACT_MAX} placeholder={t('form.contactHint')} />
        </Form.Item>
        <Form.Item name="strImage" label={t('fields.image')} extra={t('form.imageHint')}>
          <ImageField onPick={(file) => void pick(file)} />
        </Form.Item>
      </div>
    </FormModal>
  );
}
