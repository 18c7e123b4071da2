import { Button, DatePicker, Form, Input } from 'antd';
import type { FormRule } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  UPGRADE_CONTENT_MAX,
  UPGRADE_PLATFORM_NAME_MAX,
  upgradeNoticeAddSchema,
} from '@pathconsult/shared';
import type { ApiError } from '@/lib/api-error';
import { applyFieldErrors, showFailure } from '@/lib/form-errors';
import { zodRule } from '@/lib/form-rules';
import { serverText } from '@/lib/server-text';
import { toastError, toastSuccess } from '@/lib/toast';
import { usePublishNotice } from '../api/upgrade-notices';
import { rangeProblem } from '../utils/notices';
import { tabPastEmptyRange } from '@/lib/range-picker-tab';

interface NoticeValues {
  strPlatformName: string;
  range?: [Dayjs | null, Dayjs | null] | null;
  strContent?: string;
}

const FORMAT = 'YYYY-MM-DD HH:mm';

/** The picked range as instants to the minute, or null while either end is missing. */
function rangeDates(range: NoticeValues['range']): [Date, Date] | null {
  const [start, end] = range ?? [];
  if (!start || !end) {
    return null;
  }
  return [start.second(0).millisecond(0).toDate(), end.second(0).millisecond(0).toDate()];
}

/** The server names the two times; the form has one range field for both. */
const fieldOf = (strField: string) =>
  strField === 'strStartTime' || strField === 'strEndTime' ? 'range' : strField;

const rangeRule: FormRule = {
  validator: async (_rule, value: NoticeValues['range']) => {
    const problem = rangeProblem(rangeDates(value), new Date());
    if (problem) {
      throw new Error(serverText(problem));
    }
  },
};

/**
 * Publishing an upgrade notice (spec §3, §5 "time range required"): platform name, the time range
 * (local time, to the minute, sent as UTC instants), an optional text. Fields
 * `#upgradeNotice_strPlatformName`, `#upgradeNotice_range` (start) and its end input; button
 * `notice-publish`.
 */
export function NoticeForm() {
  const { t } = useTranslation('upgradeNotice');
  const [form] = Form.useForm<NoticeValues>();
  const publish = usePublishNotice();
  const shape = upgradeNoticeAddSchema.shape;

  function handleFinish(values: NoticeValues) {
    const range = rangeDates(values.range);
    if (!range) {
      return;
    }
    publish.mutate(
      {
        strPlatformName: values.strPlatformName.trim(),
        strStartTime: range[0].toISOString(),
        strEndTime: range[1].toISOString(),
        strContent: values.strContent?.trim() ?? '',
      },
      {
        onSuccess: () => {
          toastSuccess(t('form.published'));
          form.resetFields();
        },
        onError: (error: ApiError) => {
          if (!applyFieldErrors(form, error.fieldErrors, fieldOf)) {
            showFailure(error, toastError, t('form.publishFailed'));
          }
        },
      },
    );
  }

  return (
    <Form<NoticeValues>
      form={form}
      name="upgradeNotice"
      layout="vertical"
      style={{ maxWidth: 768 }}
      onFinish={handleFinish}
    >
      <Form.Item
        name="strPlatformName"
        label={t('fields.platform')}
        required
        rules={[zodRule(shape.strPlatformName, (v: string | undefined) => v ?? '')]}
      >
        <Input maxLength={UPGRADE_PLATFORM_NAME_MAX} placeholder={t('form.platformHint')} />
      </Form.Item>
      <Form.Item name="range" label={t('fields.range')} required rules={[rangeRule]}>
        <DatePicker.RangePicker
          onKeyDown={tabPastEmptyRange}
          showTime={{ format: 'HH:mm' }}
          format={FORMAT}
          placeholder={[t('fields.start'), t('fields.end')]}
          disabledDate={(day) => day.isBefore(dayjs().startOf('day'))}
        />
      </Form.Item>
      <Form.Item name="strContent" label={t('fields.content')} rules={[zodRule(shape.strContent)]}>
        <Input.TextArea
          rows={3}
          showCount
          maxLength={UPGRADE_CONTENT_MAX}
          placeholder={t('form.contentHint')}
        />
      </Form.Item>
      <Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          loading={publish.isPending}
          data-testid="notice-publish"
        >
          {t('form.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
