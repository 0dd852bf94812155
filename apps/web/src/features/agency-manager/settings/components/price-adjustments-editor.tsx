import { Button, Form, InputNumber, Select, Space, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { ADJUSTMENT_CATEGORIES, type AdjustmentCategory } from '@portal/domain/agency-config';
import type { AdjustmentValues, FieldPath } from '../model/settings-form';
import { MoneyInput } from './money-input';

const BASE = ['flight', 'priceAdjustments'] as const;

interface Props {
  currency: string;
  rule: (path: FieldPath) => FormRule;
}

/** The markup per flight category: unit percent or fixed, value, and a limit (0 = unlimited). */
export function PriceAdjustmentsEditor({ currency, rule }: Props) {
  const { t } = useTranslation();
  const rows = Form.useWatch<AdjustmentValues[] | undefined>([...BASE]) ?? [];
  const used = new Set(rows.map((row) => row?.category));
  const free = ADJUSTMENT_CATEGORIES.filter((c) => !used.has(c));
  const categoryName = (category: AdjustmentCategory | undefined) =>
    category ? t(`agencySettings.flight.categories.${category}`) : '';

  return (
    <Form.List name={[...BASE]}>
      {(fields, { add, remove }) => (
        <div data-testid="price-adjustments">
          {fields.map((field) => {
            const row = rows[field.name];
            const path = (name: string): FieldPath => [...BASE, field.name, name];
            return (
              <Space key={field.key} align="start" wrap>
                <Form.Item name={[field.name, 'category']} label={t('agencySettings.flight.category')}>
                  <Select
                    style={{ width: 170 }}
                    options={ADJUSTMENT_CATEGORIES.map((category) => ({
                      value: category,
                      label: categoryName(category),
                      disabled: category !== row?.category && used.has(category),
                    }))}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'unit']} label={t('agencySettings.flight.unit')}>
                  <Select
                    style={{ width: 140 }}
                    options={(['percent', 'fixed'] as const).map((unit) => ({
                      value: unit,
                      label: t(`agencySettings.flight.units.${unit}`),
                    }))}
                  />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'value']}
                  label={t('agencySettings.flight.value')}
                  dependencies={[[...BASE, field.name, 'unit']]}
                  rules={[rule(path('value'))]}
                >
                  {row?.unit === 'fixed' ? (
                    <MoneyInput currency={currency} min={Number.MIN_SAFE_INTEGER} />
                  ) : (
                    <InputNumber<number> suffix="%" style={{ width: 140 }} />
                  )}
                </Form.Item>
                <Form.Item
                  name={[field.name, 'limit']}
                  label={t('agencySettings.flight.limit')}
                  rules={[rule(path('limit'))]}
                >
                  <MoneyInput currency={currency} />
                </Form.Item>
                <Form.Item label=" ">
                  <Button
                    danger
                    type="text"
                    onClick={() => remove(field.name)}
                    aria-label={t('agencySettings.flight.removeAdjustment', {
                      category: categoryName(row?.category),
                    })}
                  >
                    ×
                  </Button>
                </Form.Item>
              </Space>
            );
          })}
          <Button
            onClick={() => add({ category: free[0], unit: 'percent', value: 0, limit: 0 })}
            disabled={free.length === 0}
          >
            {t('agencySettings.flight.addAdjustment')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}
