import {
  createResident,
  exportResidents,
  importResidents,
  listResidents,
  updateResident,
} from './admin-residents.service.js';
import { censusRoutes } from './census.routes.js';

/** The census (DESIGN §8): residents of a facility, their edits, import and export. */
export const adminResidentRoutes = censusRoutes({
  list: { endpoint: 'adminResidents', handle: listResidents },
  create: { endpoint: 'adminResidentCreate', handle: createResident },
  update: { endpoint: 'adminResidentUpdate', id: 'residentId', handle: updateResident },
  files: {
    import: 'adminResidentsImport',
    export: 'adminResidentsExport',
    importFile: importResidents,
    exportFile: exportResidents,
  },
});
