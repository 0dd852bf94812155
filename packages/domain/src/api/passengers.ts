import { DocumentReading } from '../document-reading';
import {
  FrequentPassenger,
  FrequentPassengerBody,
  FrequentPassengerList,
  MemberCard,
  MemberCardBody,
  MemberCardList,
  PassengerIdParams,
  PassengerListQuery,
  UpdateFrequentPassengerBody,
  UpdateMemberCardBody,
} from '../frequent-passengers';
import { Done } from './common';
import { defineRoute } from './contract';

const tags = ['passengers'];

export const listFrequentPassengers = defineRoute({
  method: 'GET',
  path: '/base/v2/often-used-passengers',
  operationId: 'listFrequentPassengers',
  summary: "List the caller's often-used passengers",
  description:
    'One page of the passengers the caller saved for quick booking (names, documents, contacts), filtered by name.',
  tags,
  query: PassengerListQuery,
  response: FrequentPassengerList,
});

export const createFrequentPassenger = defineRoute({
  method: 'POST',
  path: '/base/v2/often-used-passengers',
  operationId: 'createFrequentPassenger',
  summary: 'Save an often-used passenger',
  description: "Adds a passenger to the caller's own list; answers it with its id.",
  tags,
  body: FrequentPassengerBody,
  response: FrequentPassenger,
});

export const updateFrequentPassenger = defineRoute({
  method: 'PUT',
  path: '/base/v2/often-used-passengers/:id',
  operationId: 'updateFrequentPassenger',
  summary: 'Change an often-used passenger',
  description: "Changes a passenger of the caller's own list.",
  tags,
  params: PassengerIdParams,
  body: UpdateFrequentPassengerBody,
  response: FrequentPassenger,
});

export const deleteFrequentPassenger = defineRoute({
  method: 'DELETE',
  path: '/base/v2/often-used-passengers/:id',
  operationId: 'deleteFrequentPassenger',
  summary: 'Delete an often-used passenger',
  description: "Removes a passenger from the caller's own list.",
  tags,
  params: PassengerIdParams,
  response: Done,
});

export const listMemberCards = defineRoute({
  method: 'GET',
  path: '/base/v2/member-cards',
  operationId: 'listMemberCards',
  summary: "List the caller's airline member cards",
  description: 'One page of the frequent-flyer cards the caller saved, filtered by passenger name.',
  tags,
  query: PassengerListQuery,
  response: MemberCardList,
});

export const createMemberCard = defineRoute({
  method: 'POST',
  path: '/base/v2/member-cards',
  operationId: 'createMemberCard',
  summary: 'Save an airline member card',
  description: "Adds a frequent-flyer card to the caller's own list.",
  tags,
  body: MemberCardBody,
  response: MemberCard,
});

export const updateMemberCard = defineRoute({
  method: 'PUT',
  path: '/base/v2/member-cards/:id',
  operationId: 'updateMemberCard',
  summary: 'Change an airline member card',
  description: "Changes a frequent-flyer card of the caller's own list.",
  tags,
  params: PassengerIdParams,
  body: UpdateMemberCardBody,
  response: MemberCard,
});

export const deleteMemberCard = defineRoute({
  method: 'DELETE',
  path: '/base/v2/member-cards/:id',
  operationId: 'deleteMemberCard',
  summary: 'Delete an airline member card',
  description: "Removes a frequent-flyer card from the caller's own list.",
  tags,
  params: PassengerIdParams,
  response: Done,
});

export const analyzeDocument = defineRoute({
  method: 'POST',
  path: '/base/v2/analysis/document',
  operationId: 'analyzeDocument',
  summary: 'Read a passport image',
  description:
    'Reads the machine-readable zone of a passport image (one multipart `file` part: JPEG or PNG, up to ' +
    '10 MB) and answers its fields and checks; the image is not stored. A full reader queue is 429 ' +
    'OCR_BUSY, an image that does not decode 415, no zone found 422 DOCUMENT_UNREADABLE.',
  tags,
  consumes: 'multipart/form-data',
  response: DocumentReading,
});
