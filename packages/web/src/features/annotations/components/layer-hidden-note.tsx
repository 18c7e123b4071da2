import { EyeOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Above the list while the viewer's eye hides the layer: the list still names every annotation,
 * and without this a pathologist could take the bare slide for an unmarked one, or wonder why a
 * screenshot came out clean.
 */
export function LayerHiddenNote({ onShow }: { onShow: () => void }) {
  const { t } = useTranslation('annotations');
  return (
    <Alert
      type="info"
      showIcon
      title={t('layer.hiddenNote')}
      action={
        <Button size="small" icon={<EyeOutlined />} onClick={onShow} data-testid="layer-show">
          {t('layer.show')}
        </Button>
      }
      data-testid="layer-hidden-note"
    />
  );
}
