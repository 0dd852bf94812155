import { z } from 'zod';
import { AgencySettings, PriceChain, PriceChainQuery } from '../agency-settings';
import { AgencyId } from '../sub-agencies';
import { defineRoute } from './contract';

const tags = ['agency-settings'];

/** `/:id` of an agency whose settings are read or changed. */
export const AgencySettingsParams = z.strictObject({ id: AgencyId });

export const getAgencySettings = defineRoute({
  method: 'GET',
  path: '/base/v2/agencies/:id/config',
  operationId: 'getAgencySettings',
  summary: "Read a sub-agency's settings",
  description:
    "For the parent agency's admins: a direct sub-agency's services, markups, payment channels and " +
    'limits, as the parent set them.',
  tags,
  params: AgencySettingsParams,
  response: AgencySettings,
});

export const updateAgencySettings = defineRoute({
  method: 'PUT',
  path: '/base/v2/agencies/:id/config',
  operationId: 'updateAgencySettings',
  summary: "Change a sub-agency's settings",
  description:
    "For the parent agency's admins: replaces a direct sub-agency's settings (services, markups, " +
    'payment channels, limits); answers them as saved.',
  tags,
  params: AgencySettingsParams,
  body: AgencySettings,
  response: AgencySettings,
});

export const getPriceChain = defineRoute({
  method: 'GET',
  path: '/base/v2/agencies/:id/price-chain',
  operationId: 'getPriceChain',
  summary: "Show how an agency's price is built",
  description:
    'The price chain of an amount for an agency: the supplier price and each markup down the agency ' +
    'tree to the price the agency pays and the price it sells at.',
  tags,
  params: AgencySettingsParams,
  query: PriceChainQuery,
  response: PriceChain,
});
