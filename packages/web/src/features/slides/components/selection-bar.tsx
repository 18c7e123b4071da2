import { AimOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Flex, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SLIDE_DELETE_MAX, type SlideDocumentDto } from '@pathconsult/shared';
import { matchableIds, selectionDeleteBlock } from '../utils/slide-actions';

interface SelectionBarProps {
  selected: SlideDocumentDto[];
  matching: boolean;
  onMatch: (ids: number[]) => void;
  onDelete: () => void;
  onClear: () => void;
}

/**
 * Actions on the selected slides: match the unmatched ones by number, delete them all (at most
 * 100, and no matched slide among several: the button says why it is off).
 */
export function SelectionBar(props: SelectionBarProps) {
  const { t } = useTranslation('slides');
  const count = props.selected.length;
  const matchable = matchableIds(props.selected);
  const block = selectionDeleteBlock(props.selected);
  const deleteButton = (
    <Button
      danger
      icon={<DeleteOutlined />}
      disabled={count === 0 || block !== null}
      data-testid="slide-delete-selected"
      onClick={props.onDelete}
    >
      {t('actions.deleteSelected')}
    </Button>
  );
  return (
    <Flex gap="small" align="center" wrap data-testid="slide-selection-bar">
      <Typography.Text type="secondary" data-testid="slide-selected-count">
        {t('selection.count', { count })}
      </Typography.Text>
      <Button
        icon={<AimOutlined />}
        disabled={matchable.length === 0}
        loading={props.matching}
        data-testid="slide-match-selected"
        onClick={() => props.onMatch(matchable)}
      >
        {t('actions.matchSelected')}
      </Button>
      {block ? (
        <Tooltip title={t(`selection.${block}`, { max: SLIDE_DELETE_MAX })}>{deleteButton}</Tooltip>
      ) : (
        deleteButton
      )}
      {count > 0 && (
        <Button type="link" data-testid="slide-clear-selection" onClick={props.onClear}>
          {t('actions.clearSelection')}
        </Button>
      )}
    </Flex>
  );
}
