import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { quietIconProps } from './quiet-antd-icon';

const require = createRequire(import.meta.url);
/** A file of @ant-design/icons' ES build, as the app's bundler reads it. */
const iconsFile = (file: string) =>
  readFileSync(
    require.resolve(`@ant-design/icons/es/${file}`).replace(/[\\/]lib[\\/]/, '/es/'),
    'utf8',
  );

describe('antd icons drawn without English names', () => {
  it('hides an icon that only decorates; keeps one named or clicked', () => {
    expect(quietIconProps({})).toEqual({ 'aria-hidden': true });
    expect(quietIconProps({ 'aria-label': '截图' })).toEqual({ 'aria-label': '截图' });
    const onClick = () => undefined;
    expect(quietIconProps({ onClick })).toEqual({ onClick });
    // Told otherwise, it is not overruled.
    expect(quietIconProps({ 'aria-hidden': false })).toEqual({ 'aria-hidden': false });
  });

  it('still reaches every icon: each draws itself with the component vite.config.ts replaces', () => {
    // Should an upgrade of @ant-design/icons move it, the alias would match nothing and the
    // English names would be back: this fails first.
    for (const icon of ['CameraOutlined', 'CaretUpOutlined', 'LeftOutlined', 'CloseOutlined']) {
      expect(iconsFile(`icons/${icon}`)).toContain('from "../components/AntdIconLight"');
    }
    expect(iconsFile('components/AntdIconLight')).toContain('"aria-label": icon.name');
  });
});
