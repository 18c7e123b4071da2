import { QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Popover, Table, Typography } from 'antd';
import { HoverTooltip } from '@/components/hover-tooltip';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SlideViewer } from '../slide-viewer';
import { useDismiss } from '../use-dismiss';

/**
 * Which tools a viewer has, and so which of their keys it lists: the single view's drawing tools,
 * a pane side by side's ruler ("Measure"), or none (a pane of slides the user may not annotate).
 */
export type ViewerKeys = 'drawing' | 'ruler' | 'view';

/**
 * The viewer's keys (OpenSeadragon's own, our magnification steps, the annotation layer's). A key
 * whose name differs by language (空格 / Space) is given by the translation `keys.name.<keys>`.
 * A row `of` some tools is listed only where those are.
 */
const SHORTCUTS: { keys: string; action: string; named?: true; of?: ViewerKeys }[] = [
  { keys: '+ / −', action: 'step' },
  { keys: '← ↑ → ↓ / W A S D', action: 'pan' },
  { keys: 'Shift + ↑ / ↓', action: 'smoothZoom' },
  { keys: '0', action: 'home' },
  { keys: 'R / Shift + R', action: 'rotate' },
  { keys: 'F', action: 'flip' },
  { keys: 'H', action: 'layer' },
  { keys: 'N', action: 'navigator' },
  { keys: 'space', action: 'pen', named: true, of: 'drawing' },
  { keys: 'Enter', action: 'finishPolygon', of: 'drawing' },
  // Backspace does two things, told apart by the tool: the two rows stand together.
  { keys: 'Backspace', action: 'undoCorner', of: 'drawing' },
  { keys: 'Delete / Backspace', action: 'delete', of: 'drawing' },
  { keys: 'Esc', action: 'cancel', of: 'drawing' },
  { keys: 'Ctrl + Z', action: 'undo', of: 'drawing' },
  { keys: 'Esc', action: 'rulerOff', of: 'ruler' },
  { keys: '?', action: 'help' },
];

/** A "?" beside the viewer's controls listing its keyboard shortcuts; the "?" key opens it too. */
export function KeyboardHelpButton({
  size,
  viewer,
  listening = true,
  initiallyOpen = false,
  tools = 'drawing',
}: {
  size?: 'small' | 'middle';
  viewer: Pick<SlideViewer, 'onHelpKey'>;
  /** Whether the "?" key opens this list: not for a copy kept hidden (the bar's folded form). */
  listening?: boolean;
  /** Open as soon as shown (a "?" that first had to open "More"). */
  initiallyOpen?: boolean;
  /**
   * Which tools' keys apply. Slides side by side have at most a ruler: no keyboard pen, no undo,
   * no deleting there, and the list must not offer them.
   */
  tools?: ViewerKeys;
}) {
  const { t } = useTranslation('viewer');
  const [open, setOpen] = useState(initiallyOpen);
  const close = useCallback(() => setOpen(false), []);
  const button = useRef<HTMLButtonElement>(null);
  // This pane's own list: antd keeps a closed popover's content, and side by side each pane has one.
  const list = useRef<HTMLDivElement>(null);
  useEffect(
    () => (listening ? viewer.onHelpKey(() => setOpen(true)) : undefined),
    [viewer, listening],
  );
  // Escape or a press anywhere else (the slide too) closes the list.
  useDismiss(open, close, list, button);
  // Measured once open (and again when the window changes size), never while rendering.
  const [maxHeight, setMaxHeight] = useState<number>();
  useLayoutEffect(() => {
    if (!open) {
      return undefined;
    }
    const measure = () => setMaxHeight(listHeight(button.current));
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [open]);
  const content = (
    // Focusable: a keyboard user scrolls the list with the arrow keys.
    <div
      ref={list}
      tabIndex={0}
      style={{ maxWidth: 400, maxHeight, overflowY: 'auto' }}
      data-testid="viewer-keys"
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('keys.focusHint')}
      </Typography.Paragraph>
      <Table
        size="small"
        pagination={false}
        showHeader={false}
        rowKey="action"
        dataSource={SHORTCUTS.filter((row) => !row.of || row.of === tools)}
        columns={[
          {
            dataIndex: 'keys',
            width: 170,
            // One line: "W A S D" once broke before its D, outside the key's box.
            render: (keys: string, row) => (
              <Typography.Text keyboard style={{ whiteSpace: 'nowrap' }}>
                {row.named ? t(`keys.name.${keys}`) : keys}
              </Typography.Text>
            ),
          },
          { dataIndex: 'action', render: (action: string) => t(`keys.${action}`) },
        ]}
      />
    </div>
  );
  return (
    <Popover
      content={content}
      title={t('keys.title')}
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
    >
      {/* Its name stands aside while the list it names is open (it stood over the list). */}
      <HoverTooltip title={t('keys.title')} open={open ? false : undefined}>
        <Button
          ref={button}
          size={size}
          icon={<QuestionCircleOutlined />}
          aria-label={t('keys.title')}
          aria-haspopup="dialog"
          data-testid="viewer-keys-button"
        />
      </HoverTooltip>
    </Popover>
  );
}

/** Room for the popover's title and padding below the list. */
const POPOVER_CHROME_PX = 72;

/**
 * The list's height: what is left below its button in the window (it opens beneath it), so the
 * last keys are never cut off under the window's edge on a 900-pixel screen; it scrolls instead.
 */
function listHeight(button: HTMLButtonElement | null): number | undefined {
  if (!button) {
    return undefined;
  }
  const below = window.innerHeight - button.getBoundingClientRect().bottom - POPOVER_CHROME_PX;
  return Math.max(200, below);
}
