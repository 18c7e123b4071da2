import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Button, Flex, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportVariantName } from '@pathconsult/shared';
import { moved, type EditorSection } from '../utils/layout-editor';
import { FieldList } from './field-list';
import { useReportLabels } from './use-report-labels';

interface SectionListProps {
  /** Form.Item passes the value and the change handler. */
  value?: EditorSection[];
  onChange?: (sections: EditorSection[]) => void;
  variant: ReportVariantName;
}

const HINTED = ['diagnosis', 'screenshots', 'signature'] as const;

/**
 * The parts of the report in printing order: a switch prints a part or not, the arrows move it,
 * and a case part opens its field list. Buttons and switches only (no dragging), so the keyboard
 * does everything; a moved part keeps the focus on its arrow. Rows `report-section-<key>`.
 */
export function SectionList({ value = [], onChange, variant }: SectionListProps) {
  const { t } = useTranslation('reportTemplates');
  const labels = useReportLabels(variant);
  const [open, setOpen] = useState<string[]>([]);
  const change = (next: EditorSection[]) => onChange?.(next);
  const update = (index: number, patch: Partial<EditorSection>) =>
    change(value.map((s, i) => (i === index ? { ...s, ...patch } : s)));

  return (
    <div role="list" data-testid="report-sections">
      {value.map((section, index) => {
        const name = labels.section(section.key);
        const hasFields = section.fields.length > 0;
        const expanded = open.includes(section.key);
        const shown = section.fields.filter((f) => f.visible).length;
        const hint = (HINTED as readonly string[]).includes(section.key)
          ? t(`sectionHints.${section.key}`)
          : null;
        return (
          <div
            role="listitem"
            key={section.key}
            data-testid={`report-section-${section.key}`}
            style={{
              borderBottom: '1px solid rgba(5, 5, 5, 0.06)',
              padding: '8px 0',
              opacity: section.visible ? 1 : 0.6,
            }}
          >
            {/* The order buttons keep to the end of the row's first line: a long hint wraps on
                the left instead of pushing them onto a line of their own. */}
            <Flex align="start" gap="small">
              <Flex align="center" gap="small" wrap style={{ flex: 1, minWidth: 0, minHeight: 24 }}>
                <Switch
                  size="small"
                  checked={section.visible || section.required}
                  disabled={section.required}
                  onChange={(visible) => update(index, { visible })}
                  aria-label={t('section.show', { name })}
                  data-testid={`report-section-${section.key}-visible`}
                />
                <Typography.Text strong style={{ minWidth: 96 }}>
                  {name}
                </Typography.Text>
                {section.required && <Tag color="blue">{t('section.required')}</Tag>}
                {hasFields && (
                  <Tag data-testid={`report-section-${section.key}-count`}>
                    {t('section.fieldCount', { shown, total: section.fields.length })}
                  </Tag>
                )}
                {hint && <Typography.Text type="secondary">{hint}</Typography.Text>}
              </Flex>
              <Flex align="center" gap="small" style={{ flexShrink: 0 }}>
                {hasFields && (
                  <Button
                    size="small"
                    type="link"
                    aria-expanded={expanded}
                    data-testid={`report-section-${section.key}-fields`}
                    onClick={() =>
                      setOpen(
                        expanded ? open.filter((k) => k !== section.key) : [...open, section.key],
                      )
                    }
                  >
                    {expanded ? t('section.hideFields') : t('section.showFields')}
                  </Button>
                )}
                <Button
                  size="small"
                  icon={<ArrowUpOutlined />}
                  disabled={index === 0}
                  aria-label={t('section.moveUp', { name })}
                  title={t('section.moveUp', { name })}
                  data-testid={`report-section-${section.key}-up`}
                  onClick={() => change(moved(value, index, -1))}
                />
                <Button
                  size="small"
                  icon={<ArrowDownOutlined />}
                  disabled={index === value.length - 1}
                  aria-label={t('section.moveDown', { name })}
                  title={t('section.moveDown', { name })}
                  data-testid={`report-section-${section.key}-down`}
                  onClick={() => change(moved(value, index, 1))}
                />
              </Flex>
            </Flex>
            {hasFields && expanded && (
              <div style={{ padding: '8px 0 0 40px' }}>
                <FieldList
                  section={section.key}
                  fields={section.fields}
                  onChange={(fields) => update(index, { fields })}
                  label={labels.field}
                />
              </div>
            )}
          </div>
        );
      })}
    </div>
  );
}
