import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Space, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { PreviewableImage } from '../../../components/previewable-image';

interface ImageFieldProps {
  /** The picked image as a data URL (Form.Item passes it). */
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** A file was chosen: the dialog checks it and sets the value or the field's error. */
  onPick: (file: File) => void;
}

/**
 * The optional image of the feedback form: a picker (PNG or JPEG) or the picked image with a
 * remove button. Nothing is uploaded on its own; the image travels with the feedback.
 * Wrapper `feedback-image`; buttons `feedback-image-pick` and `feedback-image-remove`.
 */
export function ImageField({ value, onChange, onPick }: ImageFieldProps) {
  const { t } = useTranslation('feedback');
  return (
    <div data-testid="feedback-image">
      {value ? (
        <Space align="start">
          <PreviewableImage
            src={value}
            width={96}
            alt={t('form.imageAlt')}
            data-testid="feedback-image-thumb"
          />
          <Button
            icon={<DeleteOutlined />}
            data-testid="feedback-image-remove"
            onClick={() => onChange?.(null)}
          >
            {t('form.removeImage')}
          </Button>
        </Space>
      ) : (
        <Upload
          accept="image/png,image/jpeg"
          showUploadList={false}
          beforeUpload={(file) => {
            onPick(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined />} data-testid="feedback-image-pick">
            {t('form.pickImage')}
          </Button>
        </Upload>
      )}
    </div>
  );
}
