import { Button, ColorPicker, Divider, type ColorPickerProps } from 'antd';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { FOCUSABLE } from '@/lib/focus-return';
import { focusFirstControl } from '@/features/viewer/use-dismiss';
import { MARKER_COLORS } from '../utils/default-color';
import { ColorSwatches } from './color-swatches';

type PickerProps = Omit<
  ColorPickerProps,
  'disabledAlpha' | 'presets' | 'children' | 'value' | 'onChange' | 'onChangeComplete'
> & {
  /** #rrggbb, or antd's Color (a form's initial value). */
  value?: ColorPickerProps['value'];
  /** The colour chosen, #rrggbb: a swatch, or the spectrum once let go of. */
  onChange?(hex: string): void;
  'data-testid'?: string;
};

/** A colour as said: a common colour's name, else its hex value. */
function colorName(hex: string, t: TFunction<'annotations'>): string {
  const common = MARKER_COLORS.find((c) => c.hex === hex.toLowerCase());
  return common ? t(`tools.colorNames.${common.name}`) : hex.toUpperCase();
}

/** The colour a picker shows, as #rrggbb, whether it holds a string or antd's Color. */
function hexOf(value: ColorPickerProps['value']): string | null {
  if (!value) {
    return null;
  }
  return typeof value === 'string' ? value : (value as { toHexString(): string }).toHexString();
}

/**
 * The annotation colour picker (toolbar and edit dialog): no transparency; the common colours
 * first (ColorSwatches), then the spectrum and the hex field. Its trigger is a button, so that Tab
 * reaches it and Enter opens it (antd's own trigger is a block the keyboard skips); it shows the
 * colour, and its value with `showText`.
 *
 * The panel opens at the end of the page, where Tab would reach it only after everything else:
 * opened, it takes the focus (the colour chosen); Esc, Enter, or Tab beyond its first or last
 * control close it and give the focus back to the button.
 */
export function AnnotationColorPicker({
  'data-testid': testId,
  showText,
  value,
  onChange,
  ...props
}: PickerProps) {
  const { t } = useTranslation('annotations');
  const [open, setOpen] = useState(false);
  // The spectrum's colour while it is dragged: the handle follows, the choice waits for release.
  const [draft, setDraft] = useState<ColorPickerProps['value'] | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const hex = hexOf(value ?? props.defaultValue);

  // Opened from its button (a key, or a click, which focuses it too), the panel takes the focus:
  // the colour chosen, else its first control.
  useEffect(() => {
    if (!open || document.activeElement !== button.current) {
      return undefined;
    }
    const controller = new AbortController();
    focusFirstControl(panel, button, controller.signal, 'input[type="radio"]:checked');
    return () => controller.abort();
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const onPanelKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const target = e.target instanceof HTMLElement ? e.target : null;
    // The format's list (HEX, RGB, HSB) takes its own Enter, and Esc while it is open.
    const list = target?.closest('[role="combobox"], .ant-select');
    const listOpen = list?.querySelector('[aria-expanded="true"]') ?? null;
    const closes =
      (e.key === 'Escape' && !listOpen && list?.getAttribute('aria-expanded') !== 'true') ||
      (e.key === 'Enter' && !list && target instanceof HTMLInputElement);
    if (closes) {
      // Kept from the dialog around (the edit dialog would close on Esc, or save on Enter).
      e.preventDefault();
      e.stopPropagation();
      close();
      return;
    }
    if (e.key === 'Tab') {
      const controls = [...(panel.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
      const edge = e.shiftKey ? controls[0] : controls.at(-1);
      // A radio group is one stop: any of its radios stands for its first or last.
      const sameStop =
        edge === e.target ||
        (edge instanceof HTMLInputElement &&
          e.target instanceof HTMLInputElement &&
          edge.type === 'radio' &&
          edge.name === e.target.name);
      if (sameStop) {
        e.preventDefault();
        close();
      }
    }
  };

  return (
    <ColorPicker
      {...props}
      value={draft ?? value}
      open={open}
      onOpenChange={setOpen}
      disabledAlpha
      onChange={(color) => setDraft(color)}
      onChangeComplete={(color) => {
        setDraft(null);
        onChange?.(color.toHexString());
      }}
      panelRender={(_, { components: { Picker } }) => (
        <div
          ref={panel}
          role="dialog"
          aria-label={t('tools.color')}
          onKeyDown={onPanelKey}
          data-testid={testId && `${testId}-panel`}
        >
          <ColorSwatches value={hexOf(draft ?? value)} onPick={(picked) => onChange?.(picked)} />
          <Divider style={{ margin: '10px 0' }} plain titlePlacement="start">
            {t('tools.colorOther')}
          </Divider>
          <Picker />
        </div>
      )}
    >
      <Button
        ref={button}
        data-testid={testId}
        // The colour it holds is said with it (the hex shown is not otherwise read out).
        aria-label={hex ? t('tools.colorNamed', { name: colorName(hex, t) }) : t('tools.color')}
        aria-expanded={open}
        aria-haspopup="dialog"
        disabled={props.disabled}
        icon={
          <span
            aria-hidden
            style={{
              display: 'inline-block',
              width: 16,
              height: 16,
              borderRadius: 3,
              background: hex ?? 'transparent',
              boxShadow: 'inset 0 0 0 1px rgba(0, 0, 0, 0.15)',
            }}
          />
        }
      >
        {showText && hex ? hex.toUpperCase() : null}
      </Button>
    </ColorPicker>
  );
}
