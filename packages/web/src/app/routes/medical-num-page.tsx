import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { MedicalNumOrdersTab } from './medical-num-orders-tab';
import { MedicalNumRuleTab } from './medical-num-rule-tab';

/**
 * /medicalNum: the pathology-number rule of a hospital and the medical-order dictionary, the two
 * things the case form draws on, kept by administrators with the "pathology numbers" privilege.
 * The dictionary tab loads only when opened.
 */
export default function MedicalNumPage() {
  const { t } = useTranslation('serialNumber');
  return (
    <Card>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'rule', label: t('tabs.rule'), children: <MedicalNumRuleTab /> },
          { key: 'orders', label: t('tabs.orders'), children: <MedicalNumOrdersTab /> },
        ]}
      />
    </Card>
  );
}
