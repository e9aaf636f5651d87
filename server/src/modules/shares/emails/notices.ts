import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { defineEmailNotice, withEmail, type PlannedEmail } from '../../email/email-notice.ts';
import type { EmailContent, EmailContext } from '../../email/templates/layout.tsx';
import { isAdminAccount } from '../../users/people.ts';
import { listAdminCandidates } from '../../users/users.service.ts';
import { findAccessRequest } from '../shares.repository.ts';
import { accessApprovedEmail, accessDeclinedEmail } from './access-answer.tsx';
import { accessRequestEmail } from './access-request.tsx';

const requestEvent = z.object({ accessRequestId: z.string() });
/** The new link travels in the job because only its token's hash is stored (it is in the email's body as well). */
const approvalEvent = requestEvent.extend({ shareUrl: z.string(), expiresAt: z.string() });

declare module '../../../lib/email-event.ts' {
  interface EmailEventTypes {
    access_requested: z.input<typeof requestEvent>;
    /** An admin approved an access request: the requester gets the new link. */
    access_approved: z.input<typeof approvalEvent>;
    /** An admin declined an access request: the requester gets a short note. */
    access_declined: z.input<typeof requestEvent>;
  }
}

/** An access request on a share page: every admin hears of it. */
const accessRequested = defineEmailNotice({
  type: 'access_requested',
  payload: requestEvent,
  async plan({ db, config }, { accessRequestId }) {
    const found = await findAccessRequest(db, accessRequestId);
    if (!found) return [];
    const admins = (await listAdminCandidates(db, config.ADMIN_EMAILS)).filter(
      (user) => isAdminAccount(user, config.ADMIN_EMAILS) && withEmail(user),
    );
    return admins.filter(withEmail).map((admin) => ({
      recipient: admin,
      template: 'access-request',
      write: (context) =>
        accessRequestEmail(context, {
          requesterName: found.request.name,
          requesterEmail: found.request.email,
          message: found.request.message,
          taskTitle: found.taskTitle,
        }),
    }));
  },
});

/**
 * An admin answered an access request: the requester (who has no account) hears the answer at the
 * address they gave, unless the request is gone.
 */
async function planAnswer(
  db: Db,
  accessRequestId: string,
  template: 'access-approved' | 'access-declined',
  write: (context: EmailContext, person: { requesterName: string; taskTitle: string }) => EmailContent,
): Promise<PlannedEmail[]> {
  const found = await findAccessRequest(db, accessRequestId);
  if (!found) return [];
  const person = { requesterName: found.request.name, taskTitle: found.taskTitle };
  return [{ recipient: { id: null, email: found.request.email }, template, write: (context) => write(context, person) }];
}

const accessApproved = defineEmailNotice({
  type: 'access_approved',
  payload: approvalEvent,
  key: ({ accessRequestId }) => `access_approved:${accessRequestId}`,
  plan: ({ db }, { accessRequestId, shareUrl, expiresAt }) =>
    planAnswer(db, accessRequestId, 'access-approved', (context, person) =>
      accessApprovedEmail(context, { ...person, shareUrl, expiresAt }),
    ),
});

const accessDeclined = defineEmailNotice({
  type: 'access_declined',
  payload: requestEvent,
  plan: ({ db }, { accessRequestId }) => planAnswer(db, accessRequestId, 'access-declined', accessDeclinedEmail),
});

/** The emails of access requests on share pages, registered by deps.ts. */
export const shareEmailNotices = [accessRequested, accessApproved, accessDeclined];
