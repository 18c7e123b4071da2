import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SerialNumberDto } from '@pathconsult/shared';
import { previewOf, type RuleFormValues } from '../utils/preview';

/**
 * The number the next case would get under the rule being edited, recomputed on every change.
 * `serial-preview` holds the number alone (or the reason there is none).
 */
export function SerialRulePreview({
  values,
  saved,
}: {
  values: RuleFormValues | undefined;
  saved: SerialNumberDto;
}) {
  const { t } = useTranslation('serialNumber');
  // Before the form reports its values (first render), the saved rule is what it holds.
  const preview = previewOf(values ?? saved, saved, new Date());
  const body =
    preview.kind === 'number' ? (
      <Typography.Text strong copyable style={{ fontSize: 20 }} data-testid="serial-preview">
        {preview.number}
      </Typography.Text>
    ) : (
      <Typography.Text type="warning" data-testid="serial-preview">
        {t(`preview.${preview.kind}`)}
      </Typography.Text>
    );
  return (
    <Alert
      type={preview.kind === 'number' ? 'info' : 'warning'}
      style={{ marginBottom: 24 }}
      title={t('preview.title')}
      description={
        <>
          <div aria-live="polite">{body}</div>
          <Typography.Text type="secondary">{t('preview.note')}</Typography.Text>
        </>
      }
    />
  );
}
