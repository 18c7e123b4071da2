import { Col, Form, Input } from 'antd';
import type { FormItemProps, GetProps, InputProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CaseLimits } from '@pathconsult/shared';
import type { CaseFormField } from '../utils/case-form';
import { caseFieldRules } from '../utils/case-rules';
import { useCaseFormContext } from './case-form-context';

const SPANS = {
  third: { xs: 24, md: 12, lg: 8 },
  half: { xs: 24, md: 12 },
  full: { span: 24 },
} as const;

interface CaseItemProps {
  field: CaseFormField;
  /** The label; the field's own (`cases:fields.<field>`) when not given. */
  label?: ReactNode;
  width?: keyof typeof SPANS;
  extra?: ReactNode;
  dependencies?: FormItemProps['dependencies'];
  children: ReactNode;
}

/**
 * One field of the case form in its grid cell: its label, the required mark and the rules of the
 * deployment's variant (its own "cannot be empty" message, then the server's schema). Field ids
 * are `#caseForm_<field>`.
 */
export function CaseItem({
  field,
  label,
  width = 'third',
  extra,
  dependencies,
  children,
}: CaseItemProps) {
  const { t } = useTranslation('cases');
  const { required } = useCaseFormContext();
  return (
    <Col {...SPANS[width]}>
      <Form.Item
        name={field}
        label={label ?? t(`fields.${field}`)}
        required={required[field] !== undefined}
        rules={caseFieldRules(field, required)}
        extra={extra}
        dependencies={dependencies}
      >
        {children}
      </Form.Item>
    </Col>
  );
}

/** A short text field (numbers of the ward, breed...). */
export function ShortText({
  max = CaseLimits.shortTextMax,
  ...props
}: InputProps & { max?: number }) {
  return <Input {...props} maxLength={max} allowClear />;
}

/** A free text of the clinical and findings sections: grows with its content. */
export function LongText(props: GetProps<typeof Input.TextArea>) {
  return (
    <Input.TextArea
      {...props}
      autoSize={{ minRows: 2, maxRows: 10 }}
      maxLength={CaseLimits.longTextMax}
    />
  );
}
