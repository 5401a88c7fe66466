/** CSV exports and the dashboard's figures. Other modules import this module through this file only. */
import { keenModule } from '../keen-module';
import { ReportsResolver } from './reports.resolver';
import { reportsRoutes } from './reports.routes';

export const reportsModule = keenModule({
  name: 'reports',
  resolvers: [ReportsResolver],
  routes: reportsRoutes,
});
