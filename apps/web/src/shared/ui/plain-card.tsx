import { theme } from 'antd';
import type { ReactNode } from 'react';

/**
 * A card with an optional title, drawn like antd's Card from the theme's tokens. antd's Card brings
 * its tab bar along (Tabs, Menu, Dropdown: about 25 KB compressed), which the home page's login and
 * welcome cards never show; this keeps them out of the first page's download.
 */
export function PlainCard({ title, children }: { title?: ReactNode; children: ReactNode }) {
  const { token } = theme.useToken();
  const line = `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`;
  return (
    <section
      style={{
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
