import { MessageOutlined } from '@ant-design/icons';
import { Button, Popover } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommonWordPickerPanel } from './common-word-picker-panel';

export interface CommonWordPickerProps {
  /** Called with the content of the word chosen; the popover then closes. */
  onInsert: (text: string) => void;
  disabled?: boolean;
  size?: 'small' | 'middle';
  /**
   * `data-testid` of the button (default `common-word-picker`); the panel's parts are
   * `<testId>-category`, `<testId>-search` and `<testId>-item-<iCommonWordId>`.
   */
  testId?: string;
}

/**
 * A button opening the common words the calling expert may insert (own, shared, institution
 * shared), with a category filter and a search; choosing one calls `onInsert(text)`. For a
 * diagnosis field: keep a ref to the textarea and pass the text through `insertAtCursor`, e.g.
 *
 * ```tsx
 * <CommonWordPicker onInsert={(text) => {
 *   const { value, caret } = insertAtCursor(ref.current?.resizableTextArea?.textArea ?? null,
 *     form.getFieldValue('strOpinion') ?? '', text);
 *   form.setFieldValue('strOpinion', value);
 *   requestAnimationFrame(() => ref.current?.resizableTextArea?.textArea.setSelectionRange(caret, caret));
 * }} />
 * ```
 *
 * The list loads only while the popover is open. Experts only (the server refuses other roles).
 */
export function CommonWordPicker({
  onInsert,
  disabled,
  size = 'small',
  testId = 'common-word-picker',
}: CommonWordPickerProps) {
  const { t } = useTranslation('commonWords');
  const [open, setOpen] = useState(false);
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomLeft"
      title={t('picker.title')}
      destroyOnHidden
      content={
        <CommonWordPickerPanel
          testId={testId}
          onPick={(text) => {
            setOpen(false);
            onInsert(text);
          }}
        />
      }
    >
      <Button size={size} icon={<MessageOutlined />} disabled={disabled} data-testid={testId}>
        {t('picker.button')}
      </Button>
    </Popover>
  );
}
