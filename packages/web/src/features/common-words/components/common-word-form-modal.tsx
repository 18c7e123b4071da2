import { Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  commonWordFields,
  CommonWordLimits,
  CommonWordScope,
  type CommonWordDto,
  type CommonWordScopeCode,
} from '@pathconsult/shared';
import { FormModal } from '@/components/form-modal';
import type { ApiError } from '@/lib/api-error';
import { applyFieldErrors, showFailure } from '@/lib/form-errors';
import { requiredRule, zodRule } from '@/lib/form-rules';
import { toastError, toastSuccess } from '@/lib/toast';
import { useSaveCommonWord } from '../api/common-words';
import { scopeOptions } from '../utils/scope';

interface CommonWordFormValues {
  strCategory: string;
  strContent: string;
  iScope: CommonWordScopeCode;
}

interface CommonWordFormModalProps {
  open: boolean;
  /** The word edited, or null to add one of the calling expert. */
  editing: CommonWordDto | null;
  onClose: () => void;
}

/** The request's `ddScope.iNumber` is the form's `iScope`; other fields keep their names. */
const fieldOf = (strField: string) => (strField === 'ddScope.iNumber' ? 'iScope' : strField);

/**
 * Add or edit a common word: category, content and scope (768 px, spec §9 forms). Editing
 * someone else's word (administrators) names its owner. The modal is `common-word-form-modal`,
 * its button `common-word-form-submit`; fields `#commonWordForm_<field>`.
 */
export function CommonWordFormModal({ open, editing, onClose }: CommonWordFormModalProps) {
  const { t } = useTranslation('commonWords');
  const [form] = Form.useForm<CommonWordFormValues>();
  const save = useSaveCommonWord();

  function handleFinish(values: CommonWordFormValues) {
    const fields = {
      strCategory: values.strCategory.trim(),
      strContent: values.strContent.trim(),
      ddScope: { iNumber: values.iScope },
    };
    save.mutate(editing ? { iCommonWordId: editing.iCommonWordId, ...fields } : fields, {
      onSuccess: () => {
        toastSuccess(t(editing ? 'form.updated' : 'form.added'));
        onClose();
      },
      onError: (error: ApiError) => {
        if (!applyFieldErrors(form, error.fieldErrors, fieldOf)) {
          showFailure(error, toastError, t('form.saveFailed'));
        }
      },
    });
  }

  const text = (v: string | undefined) => v ?? '';
  return (
    <FormModal<CommonWordFormValues>
      open={open}
      width={768}
      title={t(editing ? 'form.editTitle' : 'form.addTitle')}
      onCancel={onClose}
      okText={t('actions.save')}
      submit={{ testId: 'common-word-form-submit', loading: save.isPending }}
      cancelTestId="common-word-form-cancel"
      form={form}
      formProps={{
        name: 'commonWordForm',
        initialValues: {
          strCategory: editing?.strCategory ?? '',
          strContent: editing?.strContent ?? '',
          iScope: (editing?.ddScope.iNumber ?? CommonWordScope.Private) as CommonWordScopeCode,
        },
        onFinish: handleFinish,
      }}
    >
      <div data-testid="common-word-form-modal">
        {editing && !editing.bMine && (
          <Typography.Paragraph type="secondary" data-testid="common-word-form-owner">
            {t('form.owner', {
              name: editing.owner.strRealName,
              hospital: editing.hospital.strHospitalName,
            })}
          </Typography.Paragraph>
        )}
        <Form.Item
          name="strCategory"
          label={t('fields.category')}
          extra={t('form.categoryHint')}
          required
          rules={[zodRule(commonWordFields.strCategory, text)]}
        >
          <Input autoFocus maxLength={CommonWordLimits.categoryMax} showCount />
        </Form.Item>
        <Form.Item
          name="strContent"
          label={t('fields.content')}
          required
          rules={[zodRule(commonWordFields.strContent, text)]}
        >
          <Input.TextArea
            maxLength={CommonWordLimits.contentMax}
            showCount
            autoSize={{ minRows: 5, maxRows: 12 }}
          />
        </Form.Item>
        <Form.Item name="iScope" label={t('fields.scope')} required rules={[requiredRule()]}>
          <Select options={scopeOptions(t, true)} />
        </Form.Item>
      </div>
    </FormModal>
  );
}
