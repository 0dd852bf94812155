import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Checkbox, Form, InputNumber, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { GROUP_MAX_PASSENGERS, GROUP_MIN_PASSENGERS } from '@portal/domain/group-request';
import { MAX_MULTI_CITY_LEGS } from '@portal/domain/limits';
import { useAgencyToday } from '../../../shared/company/use-agency-today';
import { useReferenceData } from '../../../shared/places/use-reference-data';
import { PageTitle } from '../../../shared/ui/page-title';
import { JourneyFields } from '../components/journey-fields';
import { EMPTY_JOURNEY, useGroupDraft, type DraftJourney, type GroupDraft } from '../lib/draft-store';
import { validateDraft, type FieldError, type JourneyContext } from '../lib/request-form';

const PASSENGER_TYPES = ['adult', 'child', 'infant'] as const;

/**
 * /flight/group/booking: the group request (journeys, flexibility, passenger counts). "Next"
 * checks it with the domain schema and opens the confirm page; the draft stays in the session.
 */
export function GroupBookingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const draft = useGroupDraft((s) => s.draft);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const ref = useReferenceData();
  const today = useAgencyToday();
  const context: JourneyContext = {
    cityOf: (code) => ref?.cityCodeOf(code) ?? code,
    today,
  };
  const messageOf = (path: string) => {
    const error = errors.find((e) => e.path === path);
    return error ? t(error.key, error.values) : undefined;
  };

  const update = (next: GroupDraft) => {
    useGroupDraft.getState().update(next);
    // Once shown, errors follow the edits so a fixed field clears at once.
    if (errors.length) {
      const result = validateDraft(next, context);
      setErrors(result.ok ? [] : result.errors);
    }
  };
  const setJourney = (index: number, journey: DraftJourney) =>
    update({ ...draft, journeys: draft.journeys.map((j, i) => (i === index ? journey : j)) });

  const handleNext = () => {
    const result = validateDraft(draft, context);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    useGroupDraft.getState().markReady();
    void navigate('/flight/group/booking/confirm');
  };

  return (
    <div data-testid="group-booking-page">
      <PageTitle>{t('router.groupBooking')}</PageTitle>
      <Alert
        type="info"
        showIcon
        title={t('groupOrders.notice.quotes')}
        data-testid="group-quote-notice"
        style={{ marginBottom: 16 }}
      />
      <Form layout="vertical" component="div">
        {draft.journeys.map((journey, index) => (
          <JourneyFields
            key={index}
            index={index}
            journey={journey}
            errors={{
              origin: messageOf(`journeys.${index}.origin`),
              destination: messageOf(`journeys.${index}.destination`),
              date: messageOf(`journeys.${index}.date`),
              returnDate: messageOf(`journeys.${index}.returnDate`),
              remark: messageOf(`journeys.${index}.remark`),
            }}
            onChange={(next) => setJourney(index, next)}
            onRemove={
              draft.journeys.length > 1
                ? () => update({ ...draft, journeys: draft.journeys.filter((_, i) => i !== index) })
                : undefined
            }
          />
        ))}
        <Button
          icon={<PlusOutlined />}
          disabled={draft.journeys.length >= MAX_MULTI_CITY_LEGS}
          onClick={() => update({ ...draft, journeys: [...draft.journeys, { ...EMPTY_JOURNEY }] })}
          style={{ marginBottom: 16 }}
        >
          {t('groupOrders.form.addJourney', { max: MAX_MULTI_CITY_LEGS })}
        </Button>
        <Card size="small" title={t('groupOrders.form.passengers')} style={{ marginBottom: 16 }}>
          <Space wrap align="start" size={[16, 0]}>
            {PASSENGER_TYPES.map((type) => {
              const message = messageOf(`passengers.${type}`);
              return (
                <Form.Item
                  key={type}
                  label={t(`groupOrders.passengerType.${type}`)}
                  htmlFor={`group-passengers-${type}`}
                  validateStatus={message ? 'error' : undefined}
                  help={message}
                >
                  <InputNumber
                    id={`group-passengers-${type}`}
                    min={0}
                    max={GROUP_MAX_PASSENGERS}
                    precision={0}
                    value={draft.passengers[type]}
                    onChange={(value) =>
                      update({ ...draft, passengers: { ...draft.passengers, [type]: value ?? null } })
                    }
                  />
                </Form.Item>
              );
            })}
          </Space>
          <div>{t('groupOrders.form.passengerRule', { min: GROUP_MIN_PASSENGERS })}</div>
        </Card>
        <Space orientation="vertical" style={{ marginBottom: 16 }}>
          <Checkbox
            checked={draft.isChangeDate}
            onChange={(event) => update({ ...draft, isChangeDate: event.target.checked })}
          >
            {t('groupOrders.form.isChangeDate')}
          </Checkbox>
          <Checkbox
            checked={draft.acceptChangeFlight}
            onChange={(event) => update({ ...draft, acceptChangeFlight: event.target.checked })}
          >
            {t('groupOrders.form.acceptChangeFlight')}
          </Checkbox>
        </Space>
        <div>
          <Button type="primary" onClick={handleNext} data-testid="group-booking-next">
            {t('groupOrders.form.next')}
          </Button>
        </div>
      </Form>
    </div>
  );
}
