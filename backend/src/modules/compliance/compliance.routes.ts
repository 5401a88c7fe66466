import { z } from 'zod';
import { sendCsv } from '../../http-kit/csv';
import { param } from '../../http-kit/query';
import { restRoute, type RestRoutes } from '../auth';
import type { ComplianceService } from './compliance.service';

/** The evidence log as a CSV download, for admins and compliance:read keys. */
const route = restRoute<{ compliance: ComplianceService }>();

export const complianceRoutes: RestRoutes<{ compliance: ComplianceService }> = [
  route({
    method: 'GET',
    path: '/admin/export/age-checks.csv',
    tag: 'Reports',
    summary:
      'The age evidence log of a date range, as CSV (admin): every age check, and every placing and shipping of an age-restricted order',
    description:
      'Oldest first. Never a date of birth: the method, the answer, its time, the provider reference and the age bracket ("18+"). Rows older than AGE_EVIDENCE_RETENTION_YEARS are pruned.',
    access: { allow: 'admin', key: 'compliance:read' },
    // Required, and checked by the service ('from must be a date (YYYY-MM-DD)').
    query: z.object({
      from: param.text().describe('The first day (YYYY-MM-DD, UTC), included; required'),
      to: param.text().describe('The last day (YYYY-MM-DD, UTC), included; required'),
    }),
    answer: z.string().describe('CSV (RFC 4180, CRLF lines), a header row first; sent as the attachment age-checks.csv'),
    answerType: 'text/csv',
    work: (req, res, { caller, services }) => sendCsv(req, res, 'age-checks.csv', services.compliance.exportEvidence(caller, req.query)),
  }),
];
