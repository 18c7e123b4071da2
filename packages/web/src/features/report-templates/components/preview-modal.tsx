import { Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface PreviewModalProps {
  /** The PDF to show; null closes the dialog. */
  pdf: Blob | null;
  onClose: () => void;
}

/**
 * The sample report in the browser's own PDF viewer, in a dialog, with a link that opens it in a
 * tab of its own (a link the user clicks is never taken for a pop-up). The object URL lives as
 * long as the dialog shows it.
 */
export function PreviewModal({ pdf, onClose }: PreviewModalProps) {
  const { t } = useTranslation('reportTemplates');
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!pdf) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(pdf);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [pdf]);

  return (
    <Modal
      open={pdf !== null}
      title={t('preview.title')}
      onCancel={onClose}
      footer={null}
      width={900}
      destroyOnHidden
    >
      <div data-testid="report-preview-modal">
        <Typography.Paragraph type="secondary">
          {t('preview.hint')}{' '}
          {url && (
            <a href={url} target="_blank" rel="noopener" data-testid="report-preview-open">
              {t('preview.open')}
            </a>
          )}
        </Typography.Paragraph>
        {url && (
          <iframe
            src={url}
            title={t('preview.frame')}
            data-testid="report-preview-frame"
            style={{ width: '100%', height: '70vh', border: '1px solid #f0f0f0' }}
          />
        )}
      </div>
    </Modal>
  );
}
