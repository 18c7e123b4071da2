import { Button, Form, Space } from 'antd';
import type { FormProps } from 'antd';
import type { ReactNode } from 'react';

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

/**
 * The filter bar above a list: the fields on one wrapping line, then Search and, where the screen
 * has several filters, Reset. Every list screen's bar is built here so that they look and behave
 * alike.
 */
export function FilterBar<Values extends object>(props: FilterBarProps<Values>) {
  const [form] = Form.useForm<Values>();
  const { reset } = props;
  const searchButton = (
    <Button type="primary" htmlType="submit" data-testid={props.search.testId}>
      {props.search.label}
    </Button>
  );
  return (
    <Form<Values>
      form={form}
      name={props.name}
      layout="inline"
      className="filter-bar"
      initialValues={props.initialValues}
      onFinish={props.onSearch}
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
}
