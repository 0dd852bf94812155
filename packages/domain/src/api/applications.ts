import { z } from 'zod';
import { applicationProblems, APPLICATION_LIMITS, type ApplicationValues } from '../applications';
import { CleanText } from '../primitives';
import { defineRoute } from './contract';

const tags = ['applications'];

/** Any of the form's texts; the rules below bound and check them (a generous cap stops huge bodies). */
const Text = (max: number) => CleanText.pipe(z.string().max(max * 2));
const OptionalText = (max: number) => Text(max).optional();

const blankToNull = (value: string | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/**
 * POST /base/v2/applications: the home page's contact form. The rules are the form's own
 * (`applicationProblems`): name and country required, an e-mail or a phone, the e-mail's format,
 * the length bounds. `fax` is a honeypot the page hides from people (docs/public-face.md): a
 * request that fills it gets the normal answer and is neither stored nor sent on.
 */
export const ApplicationBody = z
  .strictObject({
    name: Text(APPLICATION_LIMITS.name),
    email: OptionalText(APPLICATION_LIMITS.email),
    phoneAreaCode: OptionalText(APPLICATION_LIMITS.areaCode + 1),
    phone: OptionalText(APPLICATION_LIMITS.phone.max + 4),
    country: Text(2),
    companyName: OptionalText(APPLICATION_LIMITS.companyName),
    companyAddress: OptionalText(APPLICATION_LIMITS.companyAddress),
    website: OptionalText(APPLICATION_LIMITS.website),
    others: OptionalText(APPLICATION_LIMITS.others),
    /** The honeypot: left empty by people. */
    fax: OptionalText(200),
  })
  .superRefine((body, ctx) => {
    const values: ApplicationValues = {
      name: body.name,
      email: body.email ?? '',
      phoneAreaCode: body.phoneAreaCode ?? '',
      phone: body.phone ?? '',
      country: body.country,
      companyName: body.companyName ?? '',
      companyAddress: body.companyAddress ?? '',
      website: body.website ?? '',
      others: body.others ?? '',
    };
    for (const [field, problem] of Object.entries(applicationProblems(values))) {
      ctx.addIssue({ code: 'custom', path: [field], message: problem, params: { problem } });
    }
  })
  .transform((body) => ({
    name: body.name.trim(),
    email: blankToNull(body.email),
    phoneAreaCode: blankToNull(body.phoneAreaCode)?.replace(/^\+/, '') ?? null,
    phone: blankToNull(body.phone)?.replace(/[\s-]/g, '') ?? null,
    country: body.country.trim(),
    companyName: blankToNull(body.companyName),
    companyAddress: blankToNull(body.companyAddress),
    website: blankToNull(body.website),
    others: blankToNull(body.others),
    honeypot: blankToNull(body.fax) !== null,
  }));
export type ApplicationInput = z.infer<typeof ApplicationBody>;

export const submitApplication = defineRoute({
  method: 'POST',
  path: '/base/v2/applications',
  operationId: 'submitApplication',
  summary: 'Send a partnership enquiry',
  description:
    "The home page's contact form ('Apply for the API integration or customized tech solutions'), " +
    "public. Stored for the platform's back office and e-mailed to its sales address. Limited per " +
    'client address and per e-mail address (429 100020 with `Retry-After`).',
  tags,
  body: ApplicationBody,
  response: z.object({ received: z.literal(true) }),
});
