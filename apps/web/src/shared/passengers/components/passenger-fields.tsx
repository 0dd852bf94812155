import { Input, Radio, Row, Select } from 'antd';
import type { FormInstance, FormRule } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSENGER_TEXT_MAX } from '@portal/domain/name-patterns';
import type { RuleError } from '@portal/domain/passenger-checks';
import { GridField } from '../../ui/grid-field';
import { useCountryOptions } from '../hooks/use-country-options';
import {
  DOCUMENT_TYPE_OPTIONS,
  FIELD_OF_PATH,
  ruleMessageKey,
  type PassengerFormValue,
} from '../model/passenger-form';
import { DateText } from './date-text';

type Field = keyof PassengerFormValue;

interface PassengerFieldsProps {
  form: FormInstance;
  /** Where the passenger's values sit in the form (`['passengers', 0]`). */
  path: (string | number)[];
  /** The rule errors of the passenger's current values; each shows on its field. */
  validate: (value: PassengerFormValue | undefined) => RuleError[] | Promise<RuleError[]>;
  /** Rules some caller adds to a field, checked after the passenger rules. */
  extraRules?: Partial<Record<Field, FormRule[]>>;
  /** Further fields at the end of the grid. */
  children?: ReactNode;
}

/**
 * The fields of one passenger: names, gender, birthday, nationality, document and frequent flyer,
 * each checked with `validate` (the booking card and the frequent passenger editor share them).
 */
export function PassengerFields({ form, path, validate, extraRules = {}, children }: PassengerFieldsProps) {
  const { t } = useTranslation();
  const { options: countries } = useCountryOptions();
  const name = (field: Field) => [...path, field];

  /** The rule errors of this passenger for `field`, as an antd rule, then the caller's. */
  const rules = (field: Field): FormRule[] => [
    {
      validator: async () => {
        const value = form.getFieldValue(path) as PassengerFormValue | undefined;
        const error = (await validate(value)).find((e) => FIELD_OF_PATH[e.path] === field);
        if (error) throw new Error(t(ruleMessageKey(error), error.params));
      },
    },
    ...(extraRules[field] ?? []),
  ];
  const deps = (...fields: Field[]) => fields.map((f) => name(f));

  /** A field checked with the passenger rules (and the caller's), always asked for. */
  const ruled = (field: Field) => ({ required: true, name: name(field), rules: rules(field) });
  const upper = (v: string) => v.toUpperCase();

  return (
    <Row gutter={16}>
      <GridField md={8} label={t('booking.passenger.surname')} {...ruled('surname')} normalize={upper}>
        <Input maxLength={PASSENGER_TEXT_MAX.surname} autoComplete="off" />
      </GridField>
      <GridField md={8} label={t('booking.passenger.givenNames')} {...ruled('given_names')} normalize={upper}>
        <Input maxLength={PASSENGER_TEXT_MAX.givenNames} autoComplete="off" />
      </GridField>
      <GridField md={8} label={t('booking.passenger.gender')} {...ruled('gender')}>
        <Radio.Group
          options={[
            { value: 'male', label: t('booking.gender.male') },
            { value: 'female', label: t('booking.gender.female') },
          ]}
        />
      </GridField>
      <GridField md={8} label={t('booking.passenger.birthday')} {...ruled('birthday')} validateFirst>
        <DateText />
      </GridField>
      <GridField md={8} label={t('booking.passenger.nationality')} {...ruled('nationality')}>
        <Select showSearch={{ optionFilterProp: 'label' }} options={countries} />
      </GridField>
      <GridField md={8} label={t('booking.passenger.documentType')} {...ruled('interfaceType')}>
        <Select options={DOCUMENT_TYPE_OPTIONS.map((o) => ({ value: o.value, label: t(o.labelKey) }))} />
      </GridField>
      <GridField
        md={8}
        label={t('booking.passenger.documentNumber')}
        {...ruled('number')}
        dependencies={deps('interfaceType')}
      >
        <Input maxLength={PASSENGER_TEXT_MAX.documentNumber} autoComplete="off" />
      </GridField>
      <GridField md={8} label={t('booking.passenger.expiryDate')} {...ruled('expiryDate')}>
        <DateText />
      </GridField>
      <GridField md={8} label={t('booking.passenger.issuingPlace')} name={name('issuingPlace')}>
        <Input maxLength={PASSENGER_TEXT_MAX.issuingPlace} autoComplete="off" />
      </GridField>
      <GridField
        md={8}
        label={t('booking.passenger.ffAirline')}
        name={name('ffAirline')}
        normalize={upper}
        dependencies={extraRules.ffAirline ? deps('ffNumber') : undefined}
        rules={[
          { pattern: /^[A-Z0-9]{2}$/, message: t('booking.passenger.ffAirlineFormat') },
          ...(extraRules.ffAirline ?? []),
        ]}
      >
        <Input maxLength={2} autoComplete="off" />
      </GridField>
      <GridField
        md={8}
        label={t('booking.passenger.ffNumber')}
        name={name('ffNumber')}
        dependencies={extraRules.ffNumber ? deps('ffAirline') : undefined}
        rules={[
          { pattern: /^[A-Za-z0-9]{4,20}$/, message: t('booking.passenger.ffNumberFormat') },
          ...(extraRules.ffNumber ?? []),
        ]}
      >
        <Input autoComplete="off" />
      </GridField>
      {children}
    </Row>
  );
}
