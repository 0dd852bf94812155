import { Col, Form } from 'antd';
import type { FormItemProps } from 'antd';

/** A form field in a cell of a grid `Row`: the whole width on phones, `md` of 24 columns from tablets up. */
export function GridField({ md, children, ...item }: FormItemProps & { md: number }) {
  return (
    <Col xs={24} md={md}>
      <Form.Item {...item}>{children}</Form.Item>
    </Col>
  );
}
