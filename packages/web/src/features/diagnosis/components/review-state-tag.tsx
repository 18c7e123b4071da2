import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { reviewTagOf } from '../utils/review-state';

/** The review state of a signed version (pending, passed, rejected); nothing when not reviewed. */
export function ReviewStateTag({ state }: { state: number | null | undefined }) {
  const { t } = useTranslation('diagnosis');
  const tag = reviewTagOf(state);
  if (!tag) {
    return null;
  }
  return (
    <Tag color={tag.color} data-testid="review-state">
      {t(`review.state.${tag.state}`)}
    </Tag>
  );
}
