import { censusRoutes } from '../admin-residents/census.routes.js';
import {
  createEmployee,
  exportEmployees,
  importEmployees,
  listEmployees,
  updateEmployee,
} from './admin-employees.service.js';

/** The staff list (DESIGN §8): employees of a facility, their edits, import and export. */
export const adminEmployeeRoutes = censusRoutes({
  list: { endpoint: 'adminEmployees', handle: listEmployees },
  create: { endpoint: 'adminEmployeeCreate', handle: createEmployee },
  update: { endpoint: 'adminEmployeeUpdate', id: 'employeeId', handle: updateEmployee },
  files: {
    import: 'adminEmployeesImport',
    export: 'adminEmployeesExport',
    importFile: importEmployees,
    exportFile: exportEmployees,
  },
});
