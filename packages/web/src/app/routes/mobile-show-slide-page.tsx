import { LeftOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShowSlideScreen } from '@/features/viewer/components/show-slide-screen';
import { ViewerLeadContext, type ViewerLead } from '@/features/viewer/viewer-lead';
import { useGoBack } from '@/lib/use-go-back';

/**
 * /mobileShowSilde?id=12: the slide viewer on a phone (compact controls, no side panel), filling
 * the screen, with the way back beside the slide's name — the page has no menu, and an error must
 * not be a dead end.
 */
export default function MobileShowSlidePage() {
  const { t } = useTranslation('common');
  // Opened from a link in another app or a message there is nothing to go back to: go home.
  const back = useGoBack();
  // Once the slide is open, Back sits beside its name (viewer-lead.tsx); before, on its own line.
  const [claims, setClaims] = useState(0);
  const lead = useMemo<ViewerLead>(
    () => ({
      node: (
        <Button icon={<LeftOutlined />} onClick={back} data-testid="mobile-viewer-back">
          {t('action.back')}
        </Button>
      ),
      claim: () => {
        setClaims((n) => n + 1);
        return () => setClaims((n) => n - 1);
      },
    }),
    [back, t],
  );
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
      {claims === 0 && <div>{lead.node}</div>}
      <ViewerLeadContext.Provider value={lead}>
        <ShowSlideScreen compact />
      </ViewerLeadContext.Provider>
    </div>
  );
}
