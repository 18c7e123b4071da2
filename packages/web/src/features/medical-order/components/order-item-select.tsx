import { Select, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MedicalOrderCategory } from '@pathconsult/shared';
import { useOrderDictionary } from '../api/medical-order';
import { ORDER_TOKEN_SEPARATORS, orderItemsToText, textToOrderItems } from '../utils/order-text';

export interface OrderItemSelectProps {
  /** Which part of the dictionary is offered: IHC antibodies, special stains, molecular tests. */
  category: MedicalOrderCategory;
  /** The case field's text, e.g. "CK7, CK20, Ki-67" (Form.Item passes it). */
  value?: string | null;
  onChange?: (text: string) => void;
  /** Form.Item passes the field id, so that its label focuses the picker. */
  id?: string;
  disabled?: boolean;
  placeholder?: string;
  /** At most this many characters of text (the case field's limit). */
  maxLength?: number;
  'data-testid'?: string;
}

/**
 * Picks order items of one category from the dictionary (the platform's and the hospital's
 * enabled items) for a text field of the case form or of an add-order return. Items not in the
 * dictionary can be typed too (Enter or a comma): the field stays free text, so a rare antibody
 * or a result such as "CK7(+)" is never refused. The value is the field's text, items joined with
 * ", ".
 *
 * @example <Form.Item name="strImmunohistochemistry"><OrderItemSelect category="ihc" /></Form.Item>
 */
export function OrderItemSelect(props: OrderItemSelectProps) {
  const { t } = useTranslation('medicalOrder');
  const dictionary = useOrderDictionary();
  const selected = textToOrderItems(props.value);
  const options = dictionary.ofCategory(props.category).map((item) => ({
    value: item.strName,
    label: item.strName,
    code: item.strCode,
  }));

  function handleChange(items: string[]) {
    const text = orderItemsToText(items);
    // Past the field's limit the last item is not taken (the form would refuse the text anyway).
    if (props.maxLength !== undefined && text.length > props.maxLength) {
      return;
    }
    props.onChange?.(text);
  }

  return (
    <Select<string[]>
      id={props.id}
      mode="tags"
      value={selected}
      onChange={handleChange}
      disabled={props.disabled}
      loading={dictionary.isLoading}
      tokenSeparators={ORDER_TOKEN_SEPARATORS}
      placeholder={props.placeholder ?? t('select.placeholder')}
      showSearch={{
        // Found by name or code, in any case.
        filterOption: (input, option) =>
          `${option?.label ?? ''} ${option?.code ?? ''}`
            .toLowerCase()
            .includes(input.toLowerCase()),
      }}
      options={options}
      optionRender={(option) =>
        option.data.code ? (
          <span>
            {option.data.label}{' '}
            <Typography.Text type="secondary">{option.data.code}</Typography.Text>
          </span>
        ) : (
          option.data.label
        )
      }
      tagRender={({ label, closable, onClose }) => (
        <Tag closable={closable} onClose={onClose} style={{ marginInlineEnd: 4 }}>
          {label}
        </Tag>
      )}
      notFoundContent={dictionary.isError ? t('select.loadError') : undefined}
      data-testid={props['data-testid']}
      style={{ width: '100%' }}
    />
  );
}
