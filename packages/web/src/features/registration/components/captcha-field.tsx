import { ReloadOutlined, SafetyOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { registrationFieldsSchema, type CaptchaDto } from '@pathconsult/shared';
import { zodRule } from '@/lib/form-rules';

interface CaptchaFieldProps {
  captcha: CaptchaDto | undefined;
  loading: boolean;
  failed: boolean;
  onRefresh: () => void;
}

/**
 * The captcha answer beside its image; a click on the image (or Enter on it) brings a new one.
 * Field id `#register_strCaptcha`, image `register-captcha-image`.
 */
export function CaptchaField({ captcha, loading, failed, onRefresh }: CaptchaFieldProps) {
  const { t } = useTranslation('registration');
  return (
    <Form.Item label={t('fields.captcha')} required>
      <Flex gap={12} align="start">
        <Form.Item
          name="strCaptcha"
          noStyle
          rules={[zodRule(registrationFieldsSchema.shape.strCaptcha)]}
        >
          <Input
            prefix={<SafetyOutlined />}
            maxLength={16}
            autoComplete="off"
            style={{ flex: 1 }}
            aria-label={t('fields.captcha')}
          />
        </Form.Item>
        <Button
          className="register-captcha"
          onClick={onRefresh}
          title={t('captcha.refresh')}
          aria-label={t('captcha.refresh')}
          data-testid="register-captcha-refresh"
          style={{ width: 150, height: 50, padding: 0, overflow: 'hidden' }}
        >
          {captcha && !loading ? (
            <img
              src={captcha.strImage}
              width={150}
              height={50}
              alt={t('captcha.alt')}
              data-testid="register-captcha-image"
            />
          ) : loading ? (
            <Spin size="small" />
          ) : (
            <span>
              <ReloadOutlined /> {failed ? t('captcha.failed') : t('captcha.refresh')}
            </span>
          )}
        </Button>
      </Flex>
    </Form.Item>
  );
}
