import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ValidationKey } from '@pathconsult/shared';
import { readAsDataUrl } from '@/features/feedback/utils/image-file';
import { logoProblem } from '../utils/logo-file';

interface LogoFieldProps {
  /** The logo as a data URL, or null (Form.Item passes it). */
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** A chosen file breaks a rule: the form shows the message on the field. */
  onProblem: (key: ValidationKey) => void;
}

/**
 * The header logo: the current picture with replace and remove, or a picker. A file is checked
 * (PNG or JPEG, ≤ 200 KB) before it is read; nothing is sent until the form is saved.
 * Buttons `report-logo-pick` and `report-logo-remove`; picture `report-logo-img`.
 */
export function LogoField({ value, onChange, onProblem }: LogoFieldProps) {
  const { t } = useTranslation('reportTemplates');
  const picker = (
    <Upload
      accept="image/png,image/jpeg"
      showUploadList={false}
      beforeUpload={async (file) => {
        const problem = await logoProblem(file);
        if (problem) {
          onProblem(problem);
        } else {
          onChange?.(await readAsDataUrl(file));
        }
        return Upload.LIST_IGNORE;
      }}
    >
      <Button icon={<UploadOutlined />} data-testid="report-logo-pick">
        {value ? t('logo.replace') : t('logo.pick')}
      </Button>
    </Upload>
  );
  return (
    <Flex align="center" gap="middle" wrap data-testid="report-logo">
      {value ? (
        <img
          src={value}
          alt={t('logo.alt')}
          data-testid="report-logo-img"
          style={{ maxWidth: 96, maxHeight: 64, objectFit: 'contain', border: '1px solid #f0f0f0' }}
        />
      ) : (
        <Typography.Text type="secondary">{t('logo.none')}</Typography.Text>
      )}
      {picker}
      {value && (
        <Button
          icon={<DeleteOutlined />}
          onClick={() => onChange?.(null)}
          data-testid="report-logo-remove"
        >
          {t('logo.remove')}
        </Button>
      )}
    </Flex>
  );
}
