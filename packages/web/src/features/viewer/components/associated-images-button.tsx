import { TagOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Image, Popover, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The slide's label and macro images (saved at ingest), served over the same tile token as the
 * tiles: /tiles/<token>/associated/label.jpg.
 */
export function AssociatedImagesButton({
  dziUrl,
  names,
  size,
}: {
  dziUrl: string;
  names: readonly string[];
  size?: 'small' | 'middle';
}) {
  const { t } = useTranslation('viewer');
  const base = dziUrl.replace(/slide\.dzi$/, 'associated/');
  const shown = names.filter((n) => n === 'label' || n === 'macro');
  const content = shown.length ? (
    <Flex gap="small" data-testid="associated-images">
      {shown.map((name) => (
        <Flex vertical key={name} align="center">
          <Image
            src={`${base}${name}.jpg`}
            alt={t(`associated.${name}`)}
            style={{ maxWidth: 240, maxHeight: 240 }}
            data-testid={`associated-${name}`}
          />
          <Typography.Text type="secondary">{t(`associated.${name}`)}</Typography.Text>
        </Flex>
      ))}
    </Flex>
  ) : (
    <Empty description={t('associated.none')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight">
      <Tooltip title={t('associated.title')}>
        <Button
          size={size}
          icon={<TagOutlined />}
          aria-label={t('associated.title')}
          data-testid="viewer-associated"
        />
      </Tooltip>
    </Popover>
  );
}
