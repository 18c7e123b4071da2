import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReportFieldKey, ReportSectionKey } from '@pathconsult/shared';
import { moved, type EditorField } from '../utils/layout-editor';

interface FieldListProps {
  section: ReportSectionKey;
  fields: EditorField[];
  onChange: (fields: EditorField[]) => void;
  label: (key: ReportFieldKey) => string;
}

/**
 * The fields of one case section: tick the ones to print, move them up or down to set their
 * printed order. Every control is a real checkbox or button, so Tab and Space/Enter do it all.
 * Checkboxes `report-field-<section>-<field>`.
 */
export function FieldList({ section, fields, onChange, label }: FieldListProps) {
  const { t } = useTranslation('reportTemplates');
  const shown = fields.filter((f) => f.visible).length;
  return (
    <div
      role="list"
      data-testid={`report-fields-${section}`}
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 280px))',
        columnGap: 24,
      }}
    >
      {shown === 0 && (
        <Typography.Text
          type="warning"
          data-testid={`report-fields-${section}-empty`}
          style={{ gridColumn: '1 / -1' }}
        >
          {t('section.noFields')}
        </Typography.Text>
      )}
      {fields.map((field, index) => {
        const name = label(field.key);
        return (
          <Flex role="listitem" key={field.key} align="center" gap={2}>
            <Checkbox
              checked={field.visible}
              onChange={(e) =>
                onChange(
                  fields.map((f) =>
                    f.key === field.key ? { ...f, visible: e.target.checked } : f,
                  ),
                )
              }
              data-testid={`report-field-${section}-${field.key}`}
              style={{ flex: 1 }}
            >
              {name}
            </Checkbox>
            <Button
              size="small"
              type="text"
              icon={<ArrowUpOutlined />}
              disabled={index === 0}
              aria-label={t('section.fieldMoveUp', { name })}
              title={t('section.fieldMoveUp', { name })}
              onClick={() => onChange(moved(fields, index, -1))}
            />
            <Button
              size="small"
              type="text"
              icon={<ArrowDownOutlined />}
              disabled={index === fields.length - 1}
              aria-label={t('section.fieldMoveDown', { name })}
              title={t('section.fieldMoveDown', { name })}
              onClick={() => onChange(moved(fields, index, 1))}
            />
          </Flex>
        );
      })}
    </div>
  );
}
