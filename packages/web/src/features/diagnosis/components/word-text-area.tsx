import { Flex, Form, Input, type FormInstance } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef, type ReactNode } from 'react';
import { CommonWordPicker } from '@/features/common-words/components/common-word-picker';
import { insertAtCursor } from '@/features/common-words/utils/insert-at-cursor';

interface WordTextAreaProps {
  form: FormInstance;
  name: string;
  label: ReactNode;
  maxLength: number;
  required?: boolean;
  rows?: number;
  testId: string;
}

/**
 * A report field with the expert's common words beside its label: the chosen word goes in at the
 * cursor (or replaces the selection), and the cursor lands after it, so typing goes on there.
 */
export function WordTextArea({
  form,
  name,
  label,
  maxLength,
  required,
  rows = 4,
  testId,
}: WordTextAreaProps) {
  const ref = useRef<TextAreaRef>(null);
  const insert = (text: string) => {
    const element = ref.current?.resizableTextArea?.textArea ?? null;
    const current = (form.getFieldValue(name) as string | undefined) ?? '';
    const { value, caret } = insertAtCursor(element, current, text);
    form.setFieldValue(name, value);
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(caret, caret);
    });
  };
  return (
    <Form.Item
      label={
        <Flex gap="small" align="center">
          {label}
          <CommonWordPicker onInsert={insert} testId={`${testId}-words`} />
        </Flex>
      }
      required={required}
    >
      <Form.Item name={name} noStyle>
        <Input.TextArea
          ref={ref}
          autoSize={{ minRows: rows, maxRows: 16 }}
          maxLength={maxLength}
          showCount
          data-testid={testId}
        />
      </Form.Item>
    </Form.Item>
  );
}
