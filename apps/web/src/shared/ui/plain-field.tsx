import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

/**
 * A labelled field with its error below, drawn like a vertical antd `Form.Item` from the theme's
 * tokens, for a form too small to need antd's Form (the login form: its Form, validator and grid
 * code were about 13 KB compressed on the first page every visit opens). The control gets
 * `id`, and `aria-describedby` of `errorId(id)` while there is an error. `style` goes to the
 * field's element (a smaller `marginBottom`, as the flight search form's fields have).
 */
export function PlainField({
  id,
  label,
  error,
  children,
  style,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  children: ReactNode;
  style?: CSSProperties;
}) {
  const { token } = theme.useToken();
  return (
    <div style={{ marginBottom: token.marginLG, ...style }}>
      <label
        htmlFor={id}
        style={{
          display: 'block',
          paddingBottom: token.paddingXS,
          lineHeight: token.lineHeight,
          color: token.colorText,
        }}
      >
        {label}
      </label>
      {children}
      {error && (
        <div id={errorId(id)} role="alert" style={{ color: token.colorError, lineHeight: token.lineHeight }}>
          {error}
        </div>
      )}
    </div>
  );
}

/** The id of a field's error text, for the control's `aria-describedby`. */
export function errorId(id: string): string {
  return `${id}-error`;
}
