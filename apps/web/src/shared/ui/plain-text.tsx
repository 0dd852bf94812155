import { theme } from 'antd';
import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';

type Level = 1 | 2 | 3 | 4 | 5;

type TextProps = { children: ReactNode } & HTMLAttributes<HTMLElement> & { 'data-testid'?: string };

/**
 * A heading drawn like antd's `Typography.Title` from the theme's tokens. Typography brings its
 * tooltip, ellipsis and copy code along (about 6 KB compressed), which the first page a user opens
 * (the login page) never shows; pages that need those features use Typography.
 */
export function PlainTitle({ level, children, style, ...rest }: TextProps & { level: Level }) {
  const { token } = theme.useToken();
  const look: CSSProperties = {
    marginTop: 0,
    marginBottom: '0.5em',
    color: token.colorTextHeading,
    fontWeight: token.fontWeightStrong,
    fontSize: token[`fontSizeHeading${level}`],
    lineHeight: token[`lineHeightHeading${level}`],
    ...style,
  };
  const Tag = `h${level}` as const;
  return (
    <Tag {...rest} style={look}>
      {children}
    </Tag>
  );
}

/** A paragraph in the theme's text style (antd's `Typography.Paragraph` without its extras). */
export function PlainParagraph({ children, style, ...rest }: TextProps) {
  const { token } = theme.useToken();
  return (
    <p {...rest} style={{ marginTop: 0, marginBottom: '1em', color: token.colorText, ...style }}>
      {children}
    </p>
  );
}
