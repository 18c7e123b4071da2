import { Form, Input } from 'antd';
import { DiagnosisLimits } from '@pathconsult/shared';
import { serverText } from '@/lib/server-text';

/** The reason of a return: required unless `optional`, at most DiagnosisLimits.reasonMax. */
export function ReasonField({
  label,
  optional,
  testId,
}: {
  label: string;
  optional?: boolean;
  testId: string;
}) {
  return (
    <Form.Item
      name="strReason"
      label={label}
      rules={
        optional
          ? []
          : [
              {
                required: true,
                whitespace: true,
                message: serverText('validation.diagnosis.reason'),
              },
            ]
      }
    >
      <Input.TextArea
        autoSize={{ minRows: 3, maxRows: 6 }}
        maxLength={DiagnosisLimits.reasonMax}
        showCount
        data-testid={testId}
      />
    </Form.Item>
  );
}
