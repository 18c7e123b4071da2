import { AimOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Flex, Tooltip, Typography } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { SLIDE_DELETE_MAX, type SlideDocumentDto } from '@pathconsult/shared';
import { useSession } from '@/lib/use-session';
import {
  matchableIds,
  selectionDeleteBlock,
  selectionMatchBlock,
  type SlideListMode,
} from '../utils/slide-actions';

interface SelectionBarProps {
  mode: SlideListMode;
  selected: SlideDocumentDto[];
  matching: boolean;
  onMatch: (ids: number[]) => void;
  onDelete: () => void;
  onClear: () => void;
}

/** `button` with a tooltip saying why it is off, when there is a reason. */
const withReason = (reason: string | null, button: ReactElement) =>
  reason ? <Tooltip title={reason}>{button}</Tooltip> : button;

/**
 * Actions on the selected slides, which may lie on other pages: match the unmatched ones by
 * number, delete them all (a switched-off button says why, utils/slide-actions.ts), or clear the
 * selection.
 */
export function SelectionBar(props: SelectionBarProps) {
  const { t } = useTranslation('slides');
  const { iUserId } = useSession();
  const count = props.selected.length;
  const matchable = matchableIds(props.selected);
  const matchBlock = selectionMatchBlock(props.selected);
  const deleteBlock = selectionDeleteBlock(props.selected, props.mode, iUserId);
  return (
    <Flex gap="small" align="center" wrap data-testid="slide-selection-bar">
      <Typography.Text type="secondary" data-testid="slide-selected-count">
        {t('selection.count', { count })}
      </Typography.Text>
      {count > 0 && (
        <Button type="link" data-testid="slide-clear-selection" onClick={props.onClear}>
          {t('actions.clearSelection')}
        </Button>
      )}
      {withReason(
        matchBlock && t(`selection.${matchBlock}`, { max: SLIDE_DELETE_MAX }),
        <Button
          icon={<AimOutlined />}
          disabled={matchable.length === 0 || matchBlock !== null}
          loading={props.matching}
          data-testid="slide-match-selected"
          onClick={() => props.onMatch(matchable)}
        >
          {t('actions.matchSelected')}
        </Button>,
      )}
      {withReason(
        deleteBlock && t(`selection.${deleteBlock}`, { max: SLIDE_DELETE_MAX }),
        <Button
          danger
          icon={<DeleteOutlined />}
          disabled={count === 0 || deleteBlock !== null}
          data-testid="slide-delete-selected"
          onClick={props.onDelete}
        >
          {t('actions.deleteSelected')}
        </Button>,
      )}
    </Flex>
  );
}
