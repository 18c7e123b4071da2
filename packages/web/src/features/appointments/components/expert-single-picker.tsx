import { useTranslation } from 'react-i18next';
import type { ExpertPickItem } from '@pathconsult/shared';
import { useExpertPicker } from '@/features/receives/api/receives';
import {
  SingleExpertPicker,
  useExpertPickerQuery,
} from '@/features/receives/components/single-expert-picker';

/**
 * Picks one expert the doctor may send cases to, with each expert's working week, by name,
 * paged. Rows are `appointment-expert-<name>`.
 */
export function ExpertSinglePicker({
  chosen,
  onChoose,
}: {
  chosen: ExpertPickItem | null;
  onChoose: (expert: ExpertPickItem | null) => void;
}) {
  const { t } = useTranslation('appointments');
  const [query, setQuery] = useExpertPickerQuery();
  // The experts the doctor may send cases to (userManage/selectExpert).
  const experts = useExpertPicker(query, true);
  return (
    <SingleExpertPicker
      query={query}
      onQuery={setQuery}
      experts={experts}
      chosen={chosen}
      onChoose={onChoose}
      texts={{
        search: t('dialog.searchExpert'),
        chosen: (name) => t('dialog.chosenExpert', { name }),
        none: t('dialog.noExpert'),
        empty: t('dialog.selectExpert'),
        loadError: t('loadError'),
      }}
      testId="appointment-expert"
    />
  );
}
