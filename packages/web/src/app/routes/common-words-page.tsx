import { Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommonWordsScreen } from './common-words-screen';
import { UsableWordsList } from './usable-words-list';

type View = 'mine' | 'usable';

/**
 * /admin/CommonWords: the expert's own common words (add, edit, delete), and beside them the
 * words they may insert, others' shared ones included.
 */
export default function CommonWordsPage() {
  const { t } = useTranslation('commonWords');
  const [view, setView] = useState<View>('mine');
  const switcher = (
    <Segmented<View>
      data-testid="common-word-view"
      aria-label={t('view.label')}
      value={view}
      onChange={setView}
      options={[
        { value: 'mine', label: t('view.mine') },
        { value: 'usable', label: t('view.usable') },
      ]}
    />
  );
  return view === 'mine' ? (
    <CommonWordsScreen mode="own" title={switcher} />
  ) : (
    <UsableWordsList title={switcher} />
  );
}
