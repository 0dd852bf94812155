import { theme } from 'antd';
import type { HTMLAttributes, ReactNode } from 'react';

/**
 * A card with an optional title, drawn like antd's Card from the theme's tokens. antd's Card brings
 * its tab bar along (Tabs, Menu, Dropdown: about 25 KB compressed), which the login, welcome and
 * flight search cards never show; this keeps them out of those pages' download. Other attributes
 * (`className`, `data-testid`) go to the card's element.
 */
export function PlainCard({
  title,
  children,
  style,
  ...rest
}: { title?: ReactNode; children: ReactNode } & Omit<HTMLAttributes<HTMLElement>, 'title'> & {
    'data-testid'?: string;
  }) {
  const { token } = theme.useToken();
  const line = `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`;
  return (
    <section
      {...rest}
      style={{
        ...style,
        background: token.colorBgContainer,
        border: line,
        borderRadius: token.borderRadiusLG,
        color: token.colorText,
      }}
    >
      {title !== undefined && (
        <div
          style={{
            display: 'flex',
            alignItems: 'center',
            minHeight: 56,
            padding: `0 ${token.paddingLG}px`,
            borderBottom: line,
            fontWeight: token.fontWeightStrong,
            fontSize: token.fontSizeLG,
          }}
        >
          {title}
        </div>
      )}
      <div style={{ padding: token.paddingLG }}>{children}</div>
    </section>
  );
}
