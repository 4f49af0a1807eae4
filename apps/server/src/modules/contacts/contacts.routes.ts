import { censusRoutes } from '../admin-residents/census.routes.js';
import { createContact, listContacts, updateContact } from './contacts.service.js';

/** A resident's contacts (DESIGN §9, ADR 059): listed, added and edited like the census. */
export const contactRoutes = censusRoutes({
  list: { endpoint: 'adminContacts', handle: listContacts },
  create: { endpoint: 'adminContactCreate', handle: createContact },
  update: { endpoint: 'adminContactUpdate', id: 'contactId', handle: updateContact },
});
