import { Form, Input, Row } from 'antd';
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { PASSENGER_TEXT_MAX } from '@portal/domain/name-patterns';
import type { MemberCard, MemberCardBody } from '@portal/domain/frequent-passengers';
import {
  MEMBER_CARD_TIER_MAX,
  isMemberCardAirline,
  isMemberCardExpiryDate,
  isMemberCardGivenNames,
  isMemberCardNumber,
  isMemberCardSurname,
} from '@portal/domain/member-card-fields';
import { toast } from '../../../shared/ui/message-bridge';
import { useSaveMemberCard } from '../../../shared/passengers/api/member-cards';
import { DateText } from '../../../shared/passengers/components/date-text';
import { fieldErrorsOf } from '../../../shared/passengers/model/server-errors';
import { GridField } from '../../../shared/ui/grid-field';
import { EditorModal } from './editor-modal';

interface CardValues {
  airline?: string;
  number?: string;
  surname?: string;
  given_names?: string;
  tier?: string;
  expiryDate?: string;
}
type Field = keyof CardValues;

const FIELDS: readonly Field[] = ['airline', 'number', 'surname', 'given_names', 'tier', 'expiryDate'];
const trimmed = (value: string | undefined) => (value ?? '').trim();

/**
 * The body of the API call. A new card leaves out an empty tier and expiry date; an edit sends the
 * empty tier, which clears it (the API keeps any field that is left out).
 */
function toBody(values: CardValues, editing: boolean): MemberCardBody {
  const tier = trimmed(values.tier);
  const expiryDate = trimmed(values.expiryDate);
  return {
    airline: trimmed(values.airline).toUpperCase(),
    number: trimmed(values.number).toUpperCase(),
    surname: trimmed(values.surname).toUpperCase(),
    given_names: trimmed(values.given_names).toUpperCase(),
    ...(tier || editing ? { tier } : {}),
    ...(expiryDate ? { expiryDate } : {}),
  };
}

function cardValues(card: MemberCard): CardValues {
  return {
    airline: card.airline,
    number: card.number,
    surname: card.surname,
    given_names: card.given_names,
    tier: card.tier ?? undefined,
    expiryDate: card.expiryDate ?? undefined,
  };
}

interface MemberCardEditorProps {
  card?: MemberCard;
  onClose: () => void;
}

/** Adds or edits an airline member card, checked with the API's own rule for each field. */
export function MemberCardEditor({ card, onClose }: MemberCardEditorProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CardValues>();
  const save = useSaveMemberCard();

  /**
   * The field's rule of the create body (`member-card-fields.ts`, the rules `MemberCardBody` is
   * built from): what the API accepts is what the form accepts.
   */
  const fieldRule = (accepts: (text: string) => boolean, messageKey: string, required = true): FormRule => ({
    required,
    validator: (_, value: string | undefined) => {
      const text = trimmed(value);
      if (!required && text === '') return Promise.resolve();
      return accepts(text) ? Promise.resolve() : Promise.reject(new Error(t(messageKey)));
    },
  });
  const expiryRules: FormRule[] = [
    fieldRule(isMemberCardExpiryDate, 'booking.rules.passenger.date.format', false),
    {
      validator: (_, value: string | undefined) =>
        card?.expiryDate && trimmed(value) === ''
          ? Promise.reject(new Error(t('profile.cards.expiryKeep')))
          : Promise.resolve(),
    },
  ];

  const showServerError = (error: unknown) => {
    const fields = fieldErrorsOf(error).flatMap((e) =>
      (FIELDS as readonly string[]).includes(e.path) ? [{ name: e.path as Field, errors: [e.message] }] : [],
    );
    if (fields.length > 0) form.setFields(fields);
    else
      void toast().error(
        error instanceof Error && error.message ? error.message : t('profile.cards.saveFailed'),
      );
  };

  const upper = (v: string) => v.toUpperCase();
  return (
    <EditorModal<CardValues>
      form={form}
      width={720}
      title={t(card ? 'profile.cards.editTitle' : 'profile.cards.addTitle')}
      testId="member-card-editor"
      initialValues={card ? cardValues(card) : undefined}
      saving={save.isPending}
      save={(values) => save.mutateAsync({ id: card?.id, body: toBody(values, card !== undefined) })}
      savedText={t('profile.cards.saved')}
      onSaveError={showServerError}
      onClose={onClose}
    >
      <Row gutter={16}>
        <GridField
          md={8}
          label={t('profile.cards.airline')}
          name="airline"
          normalize={upper}
          rules={[fieldRule(isMemberCardAirline, 'booking.passenger.ffAirlineFormat')]}
        >
          <Input maxLength={2} autoComplete="off" />
        </GridField>
        <GridField
          md={16}
          label={t('profile.cards.number')}
          name="number"
          rules={[fieldRule(isMemberCardNumber, 'booking.passenger.ffNumberFormat')]}
        >
          <Input maxLength={20} autoComplete="off" />
        </GridField>
        <GridField
          md={12}
          label={t('booking.passenger.surname')}
          name="surname"
          normalize={upper}
          rules={[fieldRule(isMemberCardSurname, 'booking.rules.passenger.surname.letters')]}
        >
          <Input maxLength={PASSENGER_TEXT_MAX.surname} autoComplete="off" />
        </GridField>
        <GridField
          md={12}
          label={t('booking.passenger.givenNames')}
          name="given_names"
          normalize={upper}
          rules={[fieldRule(isMemberCardGivenNames, 'booking.rules.passenger.givenNames.letters')]}
        >
          <Input maxLength={PASSENGER_TEXT_MAX.givenNames} autoComplete="off" />
        </GridField>
        <GridField md={12} label={t('profile.cards.tier')} name="tier">
          <Input maxLength={MEMBER_CARD_TIER_MAX} autoComplete="off" />
        </GridField>
        <GridField md={12} label={t('profile.cards.expiryDate')} name="expiryDate" rules={expiryRules}>
          <DateText />
        </GridField>
      </Row>
    </EditorModal>
  );
}
