import type { ModuleEvents } from '../keen-module';

export interface UserPayload {
  userId: string;
  email: string;
}

declare module '../../events/domain-events' {
  interface DomainEventPayloads {
    'user.roleChanged': UserPayload & { role: string };
    /** Name or photo changed: reviews show both. */
    'user.profileUpdated': UserPayload;
    /** Keen saw the account signed in with its e-mail address verified, for the first time. */
    'user.emailVerified': UserPayload;
  }
}

/** The events this module raises: 'public' ones may change a public answer (the read cache forgets), 'private' ones never do. */
export const USERS_EVENTS = {
  'user.roleChanged': 'public',
  'user.profileUpdated': 'public',
  'user.emailVerified': 'private',
} as const satisfies ModuleEvents;
