import { CloseOutlined } from '@ant-design/icons';
import {
  Children,
  cloneElement,
  isValidElement,
  useMemo,
  type ReactElement,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { VISUALLY_HIDDEN } from './visually-hidden';

/** The preview's buttons, by rc-image's names for them (their keys): keys of common.json's `icon`. */
const ACTIONS = new Set(['flipY', 'flipX', 'rotateLeft', 'rotateRight', 'zoomOut', 'zoomIn']);

/**
 * What an antd image preview is given so that screen readers name its buttons in the page's
 * language: its close button holds only an icon (hidden from them), and rc-image names each
 * other button by its internal name ("flipY", "zoomIn") in every language.
 */
export function usePreviewControls() {
  const { t } = useTranslation('common');
  return useMemo(
    () => ({
      closeIcon: (
        <>
          <CloseOutlined />
          <span style={VISUALLY_HIDDEN}>{t('action.close')}</span>
        </>
      ),
      // The row of buttons rc-image drew (a div of them), drawn again with the buttons named.
      actionsRender: (row: ReactElement) => {
        const actions = row as ReactElement<{ children?: ReactNode }>;
        return cloneElement(
          actions,
          undefined,
          Children.map(actions.props.children, (action) =>
            isValidElement<{ 'aria-label'?: string }>(action) && ACTIONS.has(String(action.key))
              ? cloneElement(action, { 'aria-label': t(`icon.${String(action.key)}`) })
              : action,
          ),
        );
      },
    }),
    [t],
  );
}
