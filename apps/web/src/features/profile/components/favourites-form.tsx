import { Button, Card, Form, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '@portal/domain/auth';
import type { City } from '@portal/reference-data/airports';
import { usePreferencesStore } from '../../../shared/stores/preferences-store';
import { useSessionStore } from '../../../shared/stores/session-store';
import { toast } from '../../../shared/ui/message-bridge';
import { useCountryOptions } from '../../../shared/passengers/hooks/use-country-options';
import { updateConfig } from '../api/update-config';

interface FavouriteValues {
  cities: string[];
  countries: string[];
}

/** At most 50 favourite cities and 50 countries, as `CONFIG_VALUE_SCHEMAS` checks on the API. */
const MAX_FAVOURITES = 50;

/**
 * City select options in the interface language (`Shanghai (SHA)`). The airport catalog is its own
 * chunk, loaded on demand as the flight pages do; until it arrives the options are the codes.
 */
function useCityOptions(saved: readonly string[]) {
  const locale = usePreferencesStore((s) => s.locale);
  const [cities, setCities] = useState<readonly City[] | null>(null);
  useEffect(() => {
    let alive = true;
    void import('@portal/reference-data/airports').then((m) => {
      if (alive) setCities(m.allCities());
    });
    return () => {
      alive = false;
    };
  }, []);
  return useMemo(() => {
    if (!cities) return saved.map((code) => ({ value: code, label: code }));
    return cities.map((c) => {
      const name = locale === 'en' ? c.name : locale === 'zh-cn' ? c.chineseName : c.traditionalName;
      return { value: c.code, label: `${name} (${c.code})` };
    });
  }, [cities, locale, saved]);
}

/** Favourite cities and countries (spec §2, §5: neither may be saved empty), saved together. */
export function FavouritesForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const cityOptions = useCityOptions(user.config.cities ?? []);
  const { options: countryOptions } = useCountryOptions();

  const handleFinish = async (values: FavouriteValues) => {
    setSaving(true);
    try {
      await updateConfig('cities', values.cities);
      await updateConfig('countries', values.countries);
      const current = useSessionStore.getState().userInfo;
      if (current) {
        useSessionStore.getState().updateUserInfo({ ...current, config: { ...current.config, ...values } });
      }
      void toast().success(t('favourites.saved'));
    } catch {
      // Shown by the client.
    } finally {
      setSaving(false);
    }
  };

  const rules = (key: string) => [
    { required: true, type: 'array' as const, min: 1, message: t(key) },
    {
      type: 'array' as const,
      max: MAX_FAVOURITES,
      message: t('favourites.tooMany', { max: MAX_FAVOURITES }),
    },
  ];

  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>{t('favourites.title')}</h2>}>
      <Form<FavouriteValues>
        layout="vertical"
        onFinish={handleFinish}
        initialValues={{ cities: user.config.cities ?? [], countries: user.config.countries ?? [] }}
      >
        <Form.Item label={t('favourites.cities')} name="cities" rules={rules('favourites.citiesRequired')}>
          <Select
            mode="multiple"
            aria-label={t('favourites.cities')}
            options={cityOptions}
            optionFilterProp="label"
            placeholder={t('favourites.citiesPlaceholder')}
          />
        </Form.Item>
        <Form.Item
          label={t('favourites.countries')}
          name="countries"
          rules={rules('favourites.countriesRequired')}
        >
          <Select
            mode="multiple"
            aria-label={t('favourites.countries')}
            options={countryOptions}
            optionFilterProp="label"
            placeholder={t('favourites.countriesPlaceholder')}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  );
}
