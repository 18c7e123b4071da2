import { Form, Modal } from 'antd';
import type { FormInstance, FormProps } from 'antd';
import type { ReactNode } from 'react';

interface FormModalProps<Values> {
  open: boolean;
  title: ReactNode;
  /** 768 for forms of several fields; antd's default width otherwise. */
  width?: number;
  /** The modal shows a skeleton while what the form needs is loading. */
  loading?: boolean;
  onCancel: () => void;
  afterClose?: () => void;
  okText: string;
  cancelText?: string;
  /** The OK button submits the form: its test id, its spinner, and whether it is off or red. */
  submit: { testId: string; loading: boolean; disabled?: boolean; danger?: boolean };
  /** `data-testid` of the cancel button, where the tests need it. */
  cancelTestId?: string;
  form: FormInstance<Values>;
  /** The form's own props: `name` (field ids `#<name>_<field>`), initial values, onFinish... */
  formProps: Omit<FormProps<Values>, 'form' | 'layout' | 'clearOnDestroy'>;
  /**
   * false while the form's values are unknown: the form then mounts only once they are, since
   * initial values are read at mount only.
   */
  ready?: boolean;
  children: ReactNode;
}

/**
 * A dialog holding one vertical form whose OK button submits it (so Enter submits too), the form
 * cleared when the dialog closes. Every add, edit and review dialog is built this way, so the
 * wiring between antd's Modal and Form is written once here.
 */
export function FormModal<Values>(props: FormModalProps<Values>) {
  const { submit } = props;
  return (
    <Modal
      open={props.open}
      title={props.title}
      width={props.width}
      destroyOnHidden
      loading={props.loading}
      afterClose={props.afterClose}
      onCancel={props.onCancel}
      okText={props.okText}
      cancelText={props.cancelText}
      okButtonProps={{
        htmlType: 'submit',
        loading: submit.loading,
        disabled: submit.disabled,
        danger: submit.danger,
        ...{ 'data-testid': submit.testId },
      }}
      cancelButtonProps={
        props.cancelTestId === undefined ? undefined : { ...{ 'data-testid': props.cancelTestId } }
      }
      modalRender={(dom) =>
        props.ready === false ? (
          dom
        ) : (
          <Form<Values> {...props.formProps} form={props.form} layout="vertical" clearOnDestroy>
            {dom}
          </Form>
        )
      }
    >
      {props.children}
    </Modal>
  );
}
