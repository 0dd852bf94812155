import { describe, expect, it } from 'vitest';
import { BASE_PART, prefixesNamedIn, prefixOfSelector, splitAntdCss } from './antd-styles-plugin.ts';

const PREFIXES = ['btn', 'input', 'input-number', 'form', 'select', 'select-tree'];

describe('prefixesNamedIn', () => {
  it('reads the prefixes a module passes to getPrefixCls and keeps in prefix constants', () => {
    const source = `
      const prefixCls = getPrefixCls('btn', customizePrefixCls);
      const wave = getPrefixCls( "wave" );
      export const floatButtonPrefixCls = 'float-btn';
      const root = getPrefixCls();
      const other = getPrefixCls('btn');`;
    expect(prefixesNamedIn(source)).toEqual(['btn', 'wave', 'float-btn']);
  });

  it('leaves out the root and icon prefixes', () => {
    expect(
      prefixesNamedIn(`const defaultPrefixCls = 'ant'; const defaultIconPrefixCls = 'anticon';`),
    ).toEqual([]);
  });
});

describe('prefixOfSelector', () => {
  it('takes the longest known prefix the first class starts with', () => {
    expect(prefixOfSelector('.ant-input-number-affix-wrapper:hover', PREFIXES)).toBe('input-number');
    expect(prefixOfSelector('.ant-input-affix-wrapper .ant-input-number', PREFIXES)).toBe('input');
    expect(prefixOfSelector('.ant-form-item .ant-btn', PREFIXES)).toBe('form');
    expect(prefixOfSelector('.ant-select-tree-node', PREFIXES)).toBe('select-tree');
    expect(prefixOfSelector('.ant-btn', PREFIXES)).toBe('btn');
  });

  it('finds none for a class that only begins like a prefix, or for other selectors', () => {
    expect(prefixOfSelector('.ant-btnx', PREFIXES)).toBeUndefined();
    expect(prefixOfSelector('.ant-slide-up-enter', PREFIXES)).toBeUndefined();
    expect(prefixOfSelector('a:hover', PREFIXES)).toBeUndefined();
    expect(prefixOfSelector('.anticon', PREFIXES)).toBeUndefined();
  });
});

describe('splitAntdCss', () => {
  const parts = splitAntdCss(
    [
      '.ant-btn{color:var(--ant-color-text);}',
      '.css-var-_R_0_{--ant-blue:#1677FF;}',
      '.css-var-_R_0_.ant-btn{--ant-button-font-weight:400;}',
      '.data-ant-cssinjs-cache-path{content:"x";}',
      '.ant-select-dropdown,.ant-btn-group{display:flex;}',
      '@media (max-width:575px){.ant-form-item{margin:0;}.ant-btn{width:100%;}}',
      '@keyframes antZoomIn{0%{opacity:0;}100%{opacity:1;}}',
      '.ant-zoom-enter{animation-name:antZoomIn;}',
      'a:hover{color:blue;}',
    ].join(''),
    PREFIXES,
  );

  it('puts each rule in its component part, inside the antd layer', () => {
    expect(parts.get('btn')).toBe(
      '@layer antd {.ant-btn{color:var(--ant-color-text);}.ant-btn-group{display:flex;}@media (max-width:575px){.ant-btn{width:100%;}}}',
    );
    expect(parts.get('select')).toBe('@layer antd {.ant-select-dropdown{display:flex;}}');
    expect(parts.get('form')).toBe('@layer antd {@media (max-width:575px){.ant-form-item{margin:0;}}}');
  });

  it('keeps keyframes, motion classes and element rules in the base part', () => {
    const base = parts.get(BASE_PART) ?? '';
    expect(base).toContain('@keyframes antZoomIn');
    expect(base).toContain('.ant-zoom-enter{animation-name:antZoomIn;}');
    expect(base).toContain('a:hover{color:blue;}');
  });

  it('drops what the stylesheet wrote for its own rendering: token values and cache bookkeeping', () => {
    const all = [...parts.values()].join('');
    expect(all).not.toContain('css-var-');
    expect(all).not.toContain('--ant-blue');
    expect(all).not.toContain('cssinjs-cache-path');
  });

  it('orders parts by their first rule in the stylesheet', () => {
    expect([...parts.keys()]).toEqual(['btn', 'select', 'form', BASE_PART]);
  });
});
