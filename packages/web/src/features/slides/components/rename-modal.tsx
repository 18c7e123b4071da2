import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CaseLimits,
  SLIDE_TYPES,
  SlideUploadState,
  extensionOf,
  slideUpdateInputSchema,
  type SlideDocumentDto,
} from '@pathconsult/shared';
import { FormModal } from '@/components/form-modal';
import type { ApiError } from '@/lib/api-error';
import { applyFieldErrors, showFailure } from '@/lib/form-errors';
import { zodRule } from '@/lib/form-rules';
import { toastError, toastSuccess, toastWarning } from '@/lib/toast';
import { useMatchSlides, useUpdateSlide } from '../api/slides';
import { renamedSlide, sameSlideFormat, splitSlideName } from '../utils/slide-name';

interface RenameValues {
  /** The name without its extension, which stays (the server refuses another one). */
  strFileName: string;
  strDiagnosistNum: string;
}

/**
 * Edit a slide: its display name, and its pathology number while it is unmatched (a matched
 * slide's number is its case's). The dialog is `slide-rename-modal`, its button
 * `slide-rename-submit`; fields `#slideRename_strFileName`, `#slideRename_strDiagnosistNum`.
 */
export function RenameModal({
  slide,
  onClose,
}: {
  slide: SlideDocumentDto | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('slides');
  const [form] = Form.useForm<RenameValues>();
  const update = useUpdateSlide();
  const match = useMatchSlides({ quiet: true });
  const matched = slide?.iPatientId != null;
  const { stem, extension } = splitSlideName(slide?.strFileName ?? '', slide?.strFileType ?? '');
  // A blank stem is checked as blank ("required"), not as a name made of the extension alone.
  const nameRule = zodRule(slideUpdateInputSchema.shape.strFileName.unwrap(), (v: string) =>
    v.trim() === '' ? v : renamedSlide(v, extension),
  );

  // Another slide type's extension typed into the name ("x.tiff" beside a fixed ".svs") was
  // saved as "x.tiff.svs" without a word: the format is the file's and no name changes it.
  const otherExtensionRule = (_: unknown, typed: string | undefined) => {
    // TIF and TIFF are one format: "x.tif" for a ".tiff" slide is only its extension typed.
    const other = extensionOf(typed?.trim() ?? '');
    return extension &&
      Object.hasOwn(SLIDE_TYPES, other) &&
      !sameSlideFormat(other, extension.slice(1))
      ? Promise.reject(new Error(t('rename.otherExtension', { typed: `.${other}`, extension })))
      : Promise.resolve();
  };

  /**
   * A number corrected is mostly a number put right for its case: the slide is matched to the
   * case of its new number at once, as "match" would. Where none takes it (no such case yet, one
   * already submitted, a slide of that name in it), it stays unmatched and the doctor is told.
   */
  async function matchRenumbered(iSlideDocumentId: number, num: string) {
    try {
      await match.mutateAsync([iSlideDocumentId]);
      toastSuccess(t('rename.doneMatched', { num }));
    } catch {
      toastWarning(t('rename.doneUnmatched', { num }));
    }
  }

  function handleFinish(values: RenameValues) {
    if (!slide) {
      return;
    }
    const number = values.strDiagnosistNum.trim();
    const renumbered = !matched && number !== slide.strDiagnosistNum;
    update.mutate(
      {
        iSlideDocumentId: slide.iSlideDocumentId,
        strFileName: renamedSlide(values.strFileName, extension),
        ...(renumbered ? { strDiagnosistNum: number } : {}),
      },
      {
        onSuccess: () => {
          onClose();
          // A failed slide joins no case: the number is only put right.
          if (renumbered && slide.ddUploadState.iNumber !== SlideUploadState.Failed) {
            void matchRenumbered(slide.iSlideDocumentId, number);
          } else {
            toastSuccess(t('rename.done'));
          }
        },
        onError: (error: ApiError) => {
          if (error.strErrorCode === 'SLIDE_NAME_EXISTS') {
            form.setFields([{ name: 'strFileName', errors: [error.strMessage] }]);
          } else if (!applyFieldErrors(form, error.fieldErrors)) {
            showFailure(error, toastError, t('rename.failed'));
          }
        },
      },
    );
  }

  return (
    <FormModal<RenameValues>
      open={slide !== null}
      title={t('rename.title')}
      onCancel={onClose}
      okText={t('rename.save')}
      cancelText={t('rename.cancel')}
      submit={{ testId: 'slide-rename-submit', loading: update.isPending }}
      form={form}
      ready={slide !== null}
      formProps={{
        name: 'slideRename',
        initialValues: {
          strFileName: stem,
          strDiagnosistNum: slide?.strDiagnosistNum ?? '',
        },
        onFinish: handleFinish,
      }}
    >
      <div data-testid="slide-rename-modal">
        <Form.Item
          name="strFileName"
          label={t('fields.fileName')}
          required
          rules={[nameRule, { validator: otherExtensionRule }]}
        >
          <Input
            autoFocus
            maxLength={255 - extension.length}
            // The limit shows as it nears: a longer pasted name was cut without a word.
            showCount={{
              formatter: ({ count, maxLength }) => (count > 200 ? `${count} / ${maxLength}` : ''),
            }}
            suffix={
              extension ? (
                <Typography.Text type="secondary" data-testid="slide-rename-extension">
                  {extension}
                </Typography.Text>
              ) : undefined
            }
          />
        </Form.Item>
        <Form.Item
          name="strDiagnosistNum"
          label={t('fields.number')}
          required
          extra={matched ? t('rename.numberLocked') : undefined}
          rules={matched ? [] : [zodRule(slideUpdateInputSchema.shape.strDiagnosistNum.unwrap())]}
        >
          <Input maxLength={CaseLimits.diagnosisNumMax} showCount disabled={matched} />
        </Form.Item>
      </div>
    </FormModal>
  );
}
