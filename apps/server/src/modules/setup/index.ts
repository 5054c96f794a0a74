export { prepareDatabase } from './prepare.js';
export {
  ADMIN_ACCOUNT,
  ROOT_ORG_NAME,
  resetAdminPassword,
  runSetup,
  type SetupResult,
  SUPER_ADMIN_ROLE_NAME,
} from './setup.service.js';
