import { Button, Flex, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { COMMENT_CONTENT_MAX, commentAddSchema } from '@pathconsult/shared';
import { applyFieldErrors, showFailure } from '@/lib/form-errors';
import { zodRule } from '@/lib/form-rules';
import { onSubmitKey } from '@/lib/submit-key';
import { toastError } from '@/lib/toast';
import { useAddComment } from '../api/comments';

interface FormValues {
  strContent: string;
}

/**
 * Writes a message on the case, checked with the server's schema (empty, too long). Ctrl+Enter
 * (or ⌘+Enter) sends; the text stays when sending fails, so nothing typed is lost.
 */
export function CommentComposer({ iPatientId }: { iPatientId: number }) {
  const { t } = useTranslation('caseDetail');
  const [form] = Form.useForm<FormValues>();
  const add = useAddComment();

  function send(values: FormValues) {
    add.mutate(
      { iPatientId, strContent: values.strContent },
      {
        onSuccess: () => form.resetFields(),
        onError: (error) => {
          if (!applyFieldErrors(form, error.fieldErrors)) {
            showFailure(error, toastError, t('comments.sendFailed'));
          }
        },
      },
    );
  }

  const handleKeyDown = onSubmitKey(() => form.submit());

  return (
    <Form<FormValues>
      form={form}
      name="commentForm"
      onFinish={send}
      initialValues={{ strContent: '' }}
      data-testid="comment-composer"
    >
      <Form.Item
        name="strContent"
        label={t('comments.label')}
        rules={[zodRule(commentAddSchema.shape.strContent)]}
        validateTrigger="onSubmit"
      >
        <Input.TextArea
          autoSize={{ minRows: 3, maxRows: 8 }}
          maxLength={COMMENT_CONTENT_MAX}
          showCount
          placeholder={t('comments.placeholder')}
          onKeyDown={handleKeyDown}
        />
      </Form.Item>
      <Flex justify="space-between" align="center" gap="small" wrap>
        <Typography.Text type="secondary">{t('comments.keyboardHint')}</Typography.Text>
        <Button type="primary" htmlType="submit" loading={add.isPending} data-testid="comment-send">
          {t('comments.send')}
        </Button>
      </Flex>
    </Form>
  );
}
