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

  it('names, in the page’s language, a control of antd’s own that holds only the icon', () => {
    expect(quietIconProps({}, '清除')).toEqual({ 'aria-label': '清除' });
    // A name given wins.
    expect(quietIconProps({ 'aria-label': 'x' }, '清除')).toEqual({ 'aria-label': 'x' });
  });

  it('is wired into both the build and vite dev', async () => {
    const { default: config } = await import('../../vite.config');
    const resolved = config({ command: 'build', mode: 'production' });
    const aliases = resolved.resolve?.alias as { find: RegExp | string; replacement: string }[];
    const icon = aliases.find(
      (a) => a.find instanceof RegExp && a.find.test('../components/AntdIconLight'),
    );
    expect(icon?.replacement).toMatch(/src[\\/]lib[\\/]quiet-antd-icon\.tsx$/);
    const [plugin] = (resolved.optimizeDeps?.rolldownOptions?.plugins ?? []) as unknown as {
      resolveId: (source: string) => string | null;
    }[];
    expect(plugin?.resolveId('../components/AntdIconLight')).toBe(icon?.replacement);
    expect(plugin?.resolveId('../components/AntdIcon')).toBeNull();
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
