import { Checkbox, Flex, Radio, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PRIVILEGES, type PrivilegeGrant } from '@pathconsult/shared';
import {
  grantOf,
  mayChange,
  maxScope,
  setGrantScope,
  toggleGrant,
  type GranterHolds,
  type Scope,
} from '../utils/grants';

interface PrivilegeChecklistProps {
  value: PrivilegeGrant[];
  onChange: (next: PrivilegeGrant[]) => void;
  /** What the person editing may hand on; 'all' for platform administrators. */
  granter: GranterHolds;
  /** The list as saved, to tell which boxes a granter may not touch. */
  saved?: PrivilegeGrant[];
  readOnly?: boolean;
}

/**
 * The permission tree of spec §3 as checkboxes (keyboard-friendly, unlike a drawn tree): menu
 * permissions are indented under their group, and a scoped permission offers own hospital or all
 * hospitals once ticked. Items `privilege-<code>`, scopes `privilege-scope-<code>`.
 */
export function PrivilegeChecklist(props: PrivilegeChecklistProps) {
  const { t } = useTranslation('privileges');
  const saved = props.saved ?? [];
  return (
    <Flex vertical gap={6} data-testid="privilege-checklist">
      <Typography.Text type="secondary">{t('tree.hint')}</Typography.Text>
      {PRIVILEGES.map((def) => {
        const label = t(`labels.${def.labelKey}`);
        if (def.code === 'menuPermission') {
          return (
            <Typography.Text key={def.code} strong style={{ marginTop: 6 }}>
              {label}
            </Typography.Text>
          );
        }
        const grant = grantOf(props.value, def.code);
        const was = grantOf(saved, def.code)?.iPrivilegeType ?? 0;
        const now = grant?.iPrivilegeType ?? 0;
        const canTick = mayChange(props.granter, def.code, was, now ? 0 : 1);
        const box = (
          <Checkbox
            data-testid={`privilege-${def.code}`}
            checked={!!grant}
            disabled={props.readOnly || !canTick}
            onChange={(e) => props.onChange(toggleGrant(props.value, def.code, e.target.checked))}
          >
            {label}
          </Checkbox>
        );
        return (
          <Flex
            key={def.code}
            align="center"
            gap="middle"
            style={{ paddingLeft: def.parent ? 24 : 0 }}
          >
            {canTick || props.readOnly ? box : <Tooltip title={t('assign.notHeld')}>{box}</Tooltip>}
            {def.scoped && grant && (
              <Radio.Group
                size="small"
                data-testid={`privilege-scope-${def.code}`}
                value={grant.iPrivilegeType}
                disabled={props.readOnly}
                onChange={(e) =>
                  props.onChange(setGrantScope(props.value, def.code, e.target.value as Scope))
                }
                options={([1, 2] as const).map((scope) => ({
                  value: scope,
                  label: t(`scope.${scope}`),
                  disabled:
                    scope > maxScope(props.granter, def.code) &&
                    !mayChange(props.granter, def.code, was, scope),
                }))}
              />
            )}
          </Flex>
        );
      })}
    </Flex>
  );
}

/** Privileges as short texts, for table cells: "User manage (All hospitals)". */
export function usePrivilegeSummary() {
  const { t } = useTranslation('privileges');
  return (list: readonly PrivilegeGrant[]): string[] =>
    list.map((g) => {
      const def = PRIVILEGES.find((p) => p.code === g.strCode);
      const label = def ? t(`labels.${def.labelKey}`) : g.strCode;
      return def?.scoped ? t('scoped', { label, scope: t(`scope.${g.iPrivilegeType}`) }) : label;
    });
}
