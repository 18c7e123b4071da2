import { FilterOutlined } from '@ant-design/icons';
import { Button, Form, Grid, Space } from 'antd';
import type { FormProps } from 'antd';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface FilterBarProps<Values> {
  /** The form's name: field ids are `#<name>_<field>` (the end-to-end tests find them so). */
  name: string;
  initialValues?: Values;
  /** Search (Enter or the button) with the values of the fields. */
  onSearch: (values: Values) => void;
  onValuesChange?: FormProps<Values>['onValuesChange'];
  search: { label: string; testId: string };
  /** A Reset button: clears the fields and searches again with `values` (`{}`: no filter). */
  reset?: { label: string; testId: string; values: Values };
  /** The `Form.Item`s of the filters. */
  children: ReactNode;
}

/** Whether a field holds something other than what the bar starts with (a filter in use). */
const isSet = (value: unknown, initial: unknown) =>
  value !== undefined &&
  value !== null &&
  value !== '' &&
  !(Array.isArray(value) && value.length === 0) &&
  JSON.stringify(value) !== JSON.stringify(initial);

/**
 * The filter bar above a list: the fields on one wrapping line, then Search and, where the screen
 * has several filters, Reset. Every list screen's bar is built here so that they look and behave
 * alike. On a phone the fields, one under another, filled the first screen and put the list's
 * first row a long scroll down: there they fold behind a "Filters" button that counts those in
 * use, and fold again once a search is made.
 */
export function FilterBar<Values extends object>(props: FilterBarProps<Values>) {
  const { t } = useTranslation('common');
  const [form] = Form.useForm<Values>();
  const { reset } = props;
  const phone = Grid.useBreakpoint().xs === true;
  const [open, setOpen] = useState(false);
  const formId = useId();
  const values = Form.useWatch([], form) as Record<string, unknown> | undefined;
  const initial = (props.initialValues ?? {}) as Record<string, unknown>;
  const inUse = Object.entries(values ?? {}).filter(([key, value]) =>
    isSet(value, initial[key]),
  ).length;
  const folded = phone && !open;
  const searchButton = (
    <Button type="primary" htmlType="submit" data-testid={props.search.testId}>
      {props.search.label}
    </Button>
  );
  return (
    <>
      {phone && (
        <Button
          icon={<FilterOutlined />}
          aria-expanded={open}
          aria-controls={formId}
          type={inUse > 0 ? 'primary' : 'default'}
          ghost={inUse > 0}
          onClick={() => setOpen((was) => !was)}
          style={{ alignSelf: 'flex-start', marginBottom: 12 }}
          data-testid="filter-toggle"
        >
          {inUse > 0 ? t('filters.toggleCount', { count: inUse }) : t('filters.toggle')}
        </Button>
      )}
      <Form<Values>
        id={formId}
        form={form}
        name={props.name}
        layout="inline"
        className="filter-bar"
        // Kept while folded: the fields keep their values and the list its search. (Not the
        // hidden attribute: antd's inline form's own display overrides it.)
        style={folded ? { display: 'none' } : undefined}
        initialValues={props.initialValues}
        onFinish={(searched) => {
          props.onSearch(searched);
          setOpen(false);
        }}
        onValuesChange={props.onValuesChange}
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
                  props.onSearch(reset.values);
                  setOpen(false);
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
    </>
  );
}
