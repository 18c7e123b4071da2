import { LeftOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { ShowSlideScreen } from '@/features/viewer/components/show-slide-screen';
import { useGoBack } from '@/lib/use-go-back';

/**
 * /mobileShowSilde?id=12: the slide viewer on a phone (compact controls, no side panel), filling
 * the screen below a bar with the way back — the page has no menu, and an error must not be a
 * dead end.
 */
export default function MobileShowSlidePage() {
  const { t } = useTranslation('common');
  // Opened from a link in another app or a message there is nothing to go back to: go home.
  const back = useGoBack();
  return (
    <div
      style={{
        height: '100dvh',
        boxSizing: 'border-box',
        display: 'flex',
        flexDirection: 'column',
        padding: 8,
        gap: 6,
      }}
    >
      <div>
        <Button icon={<LeftOutlined />} onClick={back} data-testid="mobile-viewer-back">
          {t('action.back')}
        </Button>
      </div>
      <ShowSlideScreen compact />
    </div>
  );
}
