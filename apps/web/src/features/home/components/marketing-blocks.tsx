import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

/** A marketing section: an `h2` and its content, named by the heading for assistive technology. */
export function MarketingSection({
  id,
  title,
  children,
  tinted = false,
}: {
  id: string;
  title: string;
  children: ReactNode;
  tinted?: boolean;
}) {
  const { token } = theme.useToken();
  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid={id}
      style={{
        padding: `${token.paddingXL}px ${token.paddingLG}px`,
        borderRadius: token.borderRadiusLG,
        background: tinted ? token.colorFillQuaternary : undefined,
        // No `content-visibility: auto` here: its assumed size moved the page under a reader's
        // scroll and pointer as each section was laid out (first-paint.spec.ts checks).
      }}
    >
      <h2
        id={`${id}-title`}
        style={{
          marginTop: 0,
          marginBottom: token.marginLG,
          fontSize: token.fontSizeHeading3,
          lineHeight: token.lineHeightHeading3,
          color: token.colorTextHeading,
        }}
      >
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Cards side by side as the width allows (one column on a phone). */
export function CardGrid({ children, min = 220 }: { children: ReactNode; min?: number }) {
  const { token } = theme.useToken();
  const style: CSSProperties = {
    display: 'grid',
    gridTemplateColumns: `repeat(auto-fit, minmax(min(${min}px, 100%), 1fr))`,
    gap: token.marginLG,
    listStyle: 'none',
    margin: 0,
    padding: 0,
  };
  return <ul style={style}>{children}</ul>;
}

/** One card of a grid: a heading and its text. */
export function InfoCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <li
      style={{
        padding: token.paddingLG,
        background: token.colorBgContainer,
        border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
      }}
    >
      <h3
        style={{
          marginTop: 0,
          marginBottom: token.marginXS,
          fontSize: token.fontSizeLG,
          color: token.colorTextHeading,
        }}
      >
        {title}
      </h3>
      <div style={{ color: token.colorTextSecondary, lineHeight: token.lineHeight }}>{children}</div>
    </li>
  );
}

/** A paragraph of section text. */
export function Lead({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <p style={{ marginTop: 0, color: token.colorText, fontSize: token.fontSizeLG, maxWidth: 820 }}>
      {children}
    </p>
  );
}
