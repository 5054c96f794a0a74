import { CloseOutlined, DownOutlined } from '@ant-design/icons';
import { Button, Flex, Popover, theme } from 'antd';
import { useState } from 'react';
import { MENU_ICONS, MenuIcon } from '@/components/menu-icon';
import { t } from '@/lib/i18n';

export interface IconPickerProps {
  /** The icon's antd name; null (or undefined) for none. Bound by antd Form.Item. */
  value?: string | null;
  onChange?: (icon: string | null) => void;
  /** Set by antd Form.Item: the field's label then names the button. */
  id?: string;
}

/**
 * A menu's icon chosen from a grid of the one registry of menu icons (components/menu-icon's MENU_ICONS), or none.
 * Each icon is a button named by its antd name (Tab and Enter, or a click, pick it); the chosen one is pressed.
 */
export function IconPicker({ value, onChange, id }: IconPickerProps) {
  const [open, setOpen] = useState(false);
  const { token } = theme.useToken();
  const chosen = value ?? null;

  const pick = (icon: string | null) => {
    onChange?.(icon);
    setOpen(false);
  };

  const grid = (
    <div style={{ width: 328 }} data-testid="icon-picker-grid">
      <fieldset aria-label={t('resource.iconChoose')} style={{ border: 'none', margin: 0, padding: 0, minWidth: 0 }}>
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(8, 36px)', gap: 4 }}>
          {MENU_ICONS.map((name) => (
            // The native title names it on hover: 60 antd tooltips would cost more than they say.
            <Button
              key={name}
              type={name === chosen ? 'primary' : 'text'}
              aria-label={name}
              title={name}
              aria-pressed={name === chosen}
              onClick={() => pick(name)}
              icon={<MenuIcon name={name} style={{ fontSize: 18 }} />}
              style={{ width: 36, height: 36 }}
            />
          ))}
        </div>
      </fieldset>
      <Flex justify="flex-end" style={{ marginTop: 8 }}>
        <Button size="small" icon={<CloseOutlined aria-hidden />} disabled={chosen === null} onClick={() => pick(null)}>
          {t('resource.iconNone')}
        </Button>
      </Flex>
    </div>
  );

  return (
    // Opens to the left, over the tree: the form sits at the right, often too low for the grid to fit below it.
    <Popover content={grid} trigger="click" open={open} onOpenChange={setOpen} placement="left" destroyOnHidden>
      <Button id={id} data-testid="icon-picker" aria-haspopup="dialog" aria-expanded={open} style={{ minWidth: 160 }}>
        <Flex align="center" gap={8} style={{ width: '100%' }}>
          {chosen ? (
            <MenuIcon name={chosen} style={{ fontSize: 16 }} />
          ) : (
            <span style={{ width: 16, display: 'inline-block' }} />
          )}
          <span style={{ flex: 1, textAlign: 'start', color: chosen ? undefined : token.colorTextPlaceholder }}>
            {chosen ?? t('resource.iconNone')}
          </span>
          <DownOutlined aria-hidden style={{ fontSize: 10, color: token.colorTextTertiary }} />
        </Flex>
      </Button>
    </Popover>
  );
}
