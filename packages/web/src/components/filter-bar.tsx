import { FilterOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Space } from 'antd';
import type { FormProps } from 'antd';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePhone } from '@/lib/use-phone';

interface FilterBarProps<Values> {
  /** The form's name: field ids are `#<name>_<field>` (the end-to-end tests find them so). */
  name: string;
  initialValues?: Values;
  /** Search (Enter or the button) with the values of the fields. */
  onSearch: (values: Values) => void;
  /**
   * Fields changed. `search` searches with `values` at once (a choice that applies without the
   * Search button): through it, the bar knows which filters are in use.
   */
  onValuesChange?: (
    changed: Parameters<NonNullable<FormProps<Values>['onValuesChange']>>[0],
    values: Values,
    search: (values: Values) => void,
  ) => void;
  search: { label: string; testId: string };
  /** A Reset button: clears the fields and searches again with `values` (`{}`: no filter). */
  reset?: { label: string; testId: string; values: Values };
  /** The `Form.Item`s of the filters. */
  children: ReactNode;
}

/** Whether a field holds something other than what the bar starts with (a filter in use). */
function isSet(value: unknown, initial: unknown): boolean {
  const v = typeof value === 'string' ? value.trim() : value;
  return (
    v !== undefined &&
    v !== null &&
    v !== '' &&
    !(Array.isArray(v) && v.length === 0) &&
    JSON.stringify(v) !== JSON.stringify(initial)
  );
}

/**
 * How many of the searched `values` differ from the screen's own start (`initial`): the filters
 * the user put in use.
 */
export function filtersInUse(values: object, initial: object | undefined): number {
  const start = (initial ?? {}) as Record<string, unknown>;
  return Object.entries(values).filter(([key, value]) => isSet(value, start[key])).length;
}

/**
 * The filter bar above a list: the fields on one wrapping line, then Search and, where the screen
 * has several filters, Reset. Every list screen's bar is built here so that they look and behave
 * alike. On a phone the fields, one under another, filled the first screen and put the list's
 * first row a long scroll down: there they fold behind a "Filters" button that counts the
 * filters of the search in use, and fold again once a search is made.
 */
export function FilterBar<Values extends object>(props: FilterBarProps<Values>) {
  const { t } = useTranslation('common');
  const [form] = Form.useForm<Values>();
  const { reset } = props;
  const phone = usePhone();
  const [open, setOpen] = useState(false);
  // What the list shows now: typed and not searched, a filter is not in use.
  const [searched, setSearched] = useState<Values | undefined>(props.initialValues);
  const toggle = useRef<HTMLButtonElement>(null);
  const search = (values: Values, fold: boolean) => {
    setSearched(values);
    props.onSearch(values);
    if (fold && phone && open) {
      setOpen(false);
      // The fields go out of sight with the focus in them: it goes back to their button.
      toggle.current?.focus();
    }
  };
  const inUse = filtersInUse(searched ?? {}, props.initialValues);
  const searchButton = (
    <Button type="primary" htmlType="submit" data-testid={props.search.testId}>
      {props.search.label}
    </Button>
  );
  const bar = (
    <Form<Values>
      form={form}
      name={props.name}
      // On a phone each label above its field, the fields one width: inline, each label sat
      // beside its box and the boxes started and ended at different places.
      layout={phone ? 'vertical' : 'inline'}
      className="filter-bar"
      // Kept while folded: the fields keep their values. (Not the hidden attribute: antd's
      // inline form's own display overrides it.)
      style={phone && !open ? { display: 'none' } : undefined}
      initialValues={props.initialValues}
      onFinish={(values) => search(values, true)}
      onValuesChange={
        props.onValuesChange &&
        ((changed, values) =>
          props.onValuesChange?.(changed, values, (applied) => search(applied, false)))
      }
    >
      {props.children}
      <Form.Item>
        {reset ? (
          <Space>
            {searchButton}
            <Button
              data-testid={reset.testId}
              onClick={() => {
                form.resetFields();
                search(reset.values, true);
              }}
            >
              {reset.label}
            </Button>
          </Space>
        ) : (
          searchButton
        )}
      </Form.Item>
    </Form>
  );
  return (
    // One block: a list page's Space would put its gap after the folded form too. The same
    // block wide or narrow, so that turning a phone does not mount the fields again.
    <Flex vertical gap={12}>
      {phone && (
        <Button
          ref={toggle}
          icon={<FilterOutlined />}
          aria-expanded={open}
          aria-controls={props.name}
          type={inUse > 0 ? 'primary' : 'default'}
          ghost={inUse > 0}
          onClick={() => setOpen((was) => !was)}
          style={{ alignSelf: 'flex-start' }}
          data-testid="filter-toggle"
        >
          {inUse > 0 ? t('filters.toggleCount', { count: inUse }) : t('filters.toggle')}
        </Button>
      )}
      {bar}
    </Flex>
  );
}
