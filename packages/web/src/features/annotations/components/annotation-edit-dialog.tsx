import { Form, Input } from 'antd';
import type { Color } from 'antd/es/color-picker';
import { useTranslation } from 'react-i18next';
import {
  ANNOTATION_TEXT_MAX,
  annotationShapeFields,
  type AnnotationDto,
} from '@pathconsult/shared';
import { FormModal } from '@/components/form-modal';
import type { ApiError } from '@/lib/api-error';
import { applyFieldErrors, showFailure } from '@/lib/form-errors';
import { serverText } from '@/lib/server-text';
import { AnnotationColorPicker } from './annotation-color-picker';
import { zodRule } from '@/lib/form-rules';
import { toastError, toastSuccess } from '@/lib/toast';
import { onSubmitKey } from '@/lib/submit-key';
import { useUpdateAnnotation } from '../api/annotations';
import type { RecordChange } from '../utils/undo-changes';

interface EditValues {
  strText: string;
  strColor: string | Color;
}

const hexOf = (value: string | Color) => (typeof value === 'string' ? value : value.toHexString());

/**
 * Changes one's own annotation: its label (a shape's, shown beside it and in the list; a note's
 * words, which it cannot be without) and its colour. The shape stays where it was drawn.
 */
export function AnnotationEditDialog({
  open,
  annotation,
  onClose,
  record,
}: {
  open: boolean;
  /** The annotation edited (kept while the dialog closes, so its title does not change). */
  annotation: AnnotationDto | null;
  onClose: () => void;
  /** Records the change for Ctrl+Z once saved. */
  record: RecordChange;
}) {
  const { t } = useTranslation('annotations');
  const [form] = Form.useForm<EditValues>();
  const update = useUpdateAnnotation();
  const isNote = annotation?.strKind === 'text';

  function handleFinish(values: EditValues) {
    if (!annotation) {
      return;
    }
    const text = values.strText.trim();
    update.mutate(
      {
        iAnnotationId: annotation.iAnnotationId,
        strKind: annotation.strKind,
        strColor: hexOf(values.strColor),
        ...(text ? { strText: text } : {}),
        listPoint: annotation.listPoint,
      },
      {
        onSuccess: () => {
          const { iAnnotationId, strColor, strText } = annotation;
          record({ kind: 'edit', iAnnotationId, before: { strColor, strText } });
          toastSuccess(t('edit.saved'));
          onClose();
        },
        onError: (error: ApiError) => {
          if (!applyFieldErrors(form, error.fieldErrors)) {
            showFailure(error, toastError, t('edit.saveFailed'));
          }
        },
      },
    );
  }

  return (
    <FormModal<EditValues>
      open={open && annotation !== null}
      title={t('edit.title', { kind: annotation ? t(`kinds.${annotation.strKind}`) : '' })}
      onCancel={onClose}
      okText={t('edit.save')}
      cancelText={t('list.confirmCancel')}
      submit={{ testId: 'annotation-edit-save', loading: update.isPending }}
      form={form}
      ready={annotation !== null}
      formProps={{
        name: 'annotationEdit',
        initialValues: {
          strText: annotation?.strText ?? '',
          strColor: annotation?.strColor ?? '#000000',
        },
        onFinish: handleFinish,
      }}
    >
      <Form.Item
        name="strText"
        label={t(isNote ? 'edit.noteText' : 'edit.label')}
        extra={t(isNote ? 'list.textKeyboardHint' : 'edit.labelHint')}
        required={isNote}
        rules={[
          ...(isNote
            ? [{ required: true, whitespace: true, message: serverText('validation.required') }]
            : []),
          zodRule(annotationShapeFields.strText),
        ]}
      >
        <Input.TextArea
          autoFocus
          // No character count: it sat over the hint below (500 characters is a paragraph).
          maxLength={ANNOTATION_TEXT_MAX}
          autoSize={{ minRows: 2, maxRows: 6 }}
          onKeyDown={onSubmitKey(() => form.submit())}
          data-testid="annotation-edit-text"
        />
      </Form.Item>
      <Form.Item name="strColor" label={t('tools.color')}>
        <AnnotationColorPicker showText data-testid="annotation-edit-color" />
      </Form.Item>
    </FormModal>
  );
}
