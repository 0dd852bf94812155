import {
  ApplicationDetail,
  ApplicationIdParams,
  ApplicationList,
  ApplicationListQuery,
  ApplicationNoteBody,
  ApplicationStatusBody,
  ConvertApplicationBody,
  ConvertedApplication,
} from '../platform-agencies';
import { defineRoute } from './contract';

const tags = ['platform'];

export const listApplications = defineRoute({
  method: 'GET',
  path: '/platform/v2/applications',
  operationId: 'listPlatformApplications',
  summary: 'List the partnership applications',
  description:
    'For a platform admin with platform:support: one page of the enquiries sent from the home ' +
    'page, newest first, by status and a keyword (name, company, e-mail or phone), with the count ' +
    'of each status (the keyword applies to the counts, the status does not).',
  tags,
  query: ApplicationListQuery,
  response: ApplicationList,
});

export const getApplication = defineRoute({
  method: 'GET',
  path: '/platform/v2/applications/:id',
  operationId: 'getPlatformApplication',
  summary: 'Read one application with its notes',
  description: 'Every field of one application and the notes the platform wrote on it, oldest first.',
  tags,
  params: ApplicationIdParams,
  response: ApplicationDetail,
});

export const setApplicationStatus = defineRoute({
  method: 'PUT',
  path: '/platform/v2/applications/:id/status',
  operationId: 'setPlatformApplicationStatus',
  summary: "Move an application's status",
  description:
    'new, contacted or declined (converted comes only with a conversion); a converted ' +
    'application no longer moves (409 901001). Written to the platform audit log.',
  tags,
  params: ApplicationIdParams,
  body: ApplicationStatusBody,
  response: ApplicationDetail,
});

export const addApplicationNote = defineRoute({
  method: 'POST',
  path: '/platform/v2/applications/:id/notes',
  operationId: 'addPlatformApplicationNote',
  summary: 'Write a note on an application',
  description: 'A note by the signed-in platform admin (who and when are kept); audited.',
  tags,
  params: ApplicationIdParams,
  body: ApplicationNoteBody,
  response: ApplicationDetail,
});

export const convertApplication = defineRoute({
  method: 'POST',
  path: '/platform/v2/applications/:id/conversion',
  operationId: 'convertPlatformApplication',
  summary: 'Convert an application into a top-level agency',
  description:
    'Creates a top-level agency (no parent, flight service on, may create sub-agencies) in the ' +
    'chosen settlement currency and time zone, its wallet and its super admin with a temporary ' +
    'password that must be changed at the first sign-in. The application becomes converted; the ' +
    'credentials are e-mailed to the contact once it has committed, and the temporary password ' +
    'is in this answer only. A converted application is refused (409 901001); a taken username ' +
    'is 409 201020.',
  tags,
  params: ApplicationIdParams,
  body: ConvertApplicationBody,
  response: ConvertedApplication,
});
