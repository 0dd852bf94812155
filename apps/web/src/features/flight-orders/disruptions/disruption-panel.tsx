import { Alert, Button, Card, List, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { timestamp } from '../lib/format';
import { useOrderDisruptions } from './api';
import { DisruptionActions } from './disruption-actions';
import { DisruptionStatusTag, DisruptionTypeTag } from './disruption-tags';
import { DisruptionTimes } from './disruption-times';

/**
 * The disruptions of one order, for its detail page: each with its type, old and new times,
 * status and the actions it allows. Shows nothing for an order without any.
 */
export function DisruptionPanel({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const query = useOrderDisruptions(orderId);
  if (query.isError) {
    return (
      <Alert
        type="warning"
        showIcon
        data-testid="disruption-panel-error"
        title={t('disruptions.panel.error')}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            {t('disruptions.list.retry')}
          </Button>
        }
      />
    );
  }
  const items = query.data ?? [];
  if (items.length === 0) return null;
  return (
    <Card
      size="small"
      title={t('disruptions.panel.title')}
      data-testid="disruption-panel"
      style={{ marginBottom: 16 }}
    >
      <List
        dataSource={items}
        rowKey="id"
        renderItem={(d) => (
          <List.Item
            data-testid="disruption-item"
            actions={[<DisruptionActions key="actions" disruption={d} />]}
          >
            <Space direction="vertical" size={4}>
              <Space wrap>
                <DisruptionTypeTag type={d.type} />
                <DisruptionStatusTag status={d.status} />
                <Typography.Text type="secondary">{timestamp(d.raisedAt)}</Typography.Text>
              </Space>
              <DisruptionTimes disruption={d} />
              {d.refundOrderId && (
                <Link
                  to={`/flight/orders/${encodeURIComponent(d.refundOrderId)}`}
                  data-testid="disruption-refund-order"
                >
                  {t('disruptions.panel.refundOrder')}
                </Link>
              )}
            </Space>
          </List.Item>
        )}
      />
    </Card>
  );
}
