import { AimOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Flex, Typography, theme } from 'antd';
import { useCompactTable } from '@/lib/use-compact-table';
import { useTranslation } from 'react-i18next';
import { SLIDE_DELETE_MAX, type SlideDocumentDto } from '@pathconsult/shared';
import { useSession } from '@/lib/use-session';
import {
  matchableIds,
  selectionDeleteBlock,
  selectionMatchBlock,
  selectionReasons,
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

/**
 * The workspace's padding (.workspace-content in app.css): a sticky element's top is counted
 * from inside it, so the bar at top 0 stuck 16 px below the scrolling area's edge, and the rows
 * scrolling through that gap showed above it.
 */
const ABOVE_WORKSPACE_PADDING = 'calc(-1 * var(--workspace-padding, 0px))';

/**
 * Actions on the selected slides, which may lie on other pages: match the unmatched ones by
 * number, delete them all, or clear the selection. A button switched off for the selection
 * says why beside it (utils/slide-actions.ts), on the screen: a switched-off button takes no
 * focus, so a tooltip on it was a reason a keyboard user never reached.
 */
export function SelectionBar(props: SelectionBarProps) {
  const { t } = useTranslation('slides');
  const { token } = theme.useToken();
  const compact = useCompactTable();
  const { iUserId } = useSession();
  const count = props.selected.length;
  const matchable = matchableIds(props.selected);
  const matchBlock = selectionMatchBlock(props.selected);
  const deleteBlock = selectionDeleteBlock(props.selected, props.mode, iUserId);
  // Said once when both buttons are off for one cause (all matched: match and delete alike).
  const reasons = selectionReasons(matchBlock, deleteBlock).map((key) =>
    t(`selection.${key}`, { max: SLIDE_DELETE_MAX }),
  );
  return (
    // Kept in sight at the top while the list scrolls under it: ticking slides lower down a long
    // page left the count and its buttons above the window.
    <Flex
      gap="small"
      align="center"
      wrap
      style={{
        // Above the table's fixed columns (z-index up to about the number of columns, plus
        // 2) and its loading cover (10), which painted over the bar; below popups (1000). Not
        // on a phone, whose screen a wrapped bar would keep a third of.
        ...(compact ? {} : { position: 'sticky', top: ABOVE_WORKSPACE_PADDING, zIndex: 100 }),
        background: token.colorBgContainer,
        paddingBlock: 4,
        // The page's spacing to the table, which is in the bar's block now (slide-list-screen).
        marginBottom: 12,
      }}
      data-testid="slide-selection-bar"
    >
      <Typography.Text type="secondary" data-testid="slide-selected-count">
        {t('selection.count', { count })}
      </Typography.Text>
      {count > 0 && (
        <Button type="link" data-testid="slide-clear-selection" onClick={props.onClear}>
          {t('actions.clearSelection')}
        </Button>
      )}
      <Button
        icon={<AimOutlined />}
        disabled={matchable.length === 0 || matchBlock !== null}
        loading={props.matching}
        data-testid="slide-match-selected"
        onClick={() => props.onMatch(matchable)}
      >
        {t('actions.matchSelected')}
      </Button>
      <Button
        danger
        icon={<DeleteOutlined />}
        disabled={count === 0 || deleteBlock !== null}
        data-testid="slide-delete-selected"
        onClick={props.onDelete}
      >
        {t('actions.deleteSelected')}
      </Button>
      {reasons.map((reason) => (
        <Typography.Text key={reason} type="secondary" data-testid="slide-selection-reason">
          {reason}
        </Typography.Text>
      ))}
    </Flex>
  );
}
