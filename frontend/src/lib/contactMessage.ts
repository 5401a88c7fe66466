import { isEmailAddress, parseMajorAmount } from '@keen/rules';
import { z } from 'zod';
import { unreadableAmount } from './money';

/** The longest message the server keeps (backend/src/modules/messages: MESSAGE_MAX_LENGTH). */
export const MESSAGE_MAX_LENGTH = 2000;
/** The most reference photos a message carries (MAX_MESSAGE_PHOTOS). */
export const MAX_MESSAGE_PHOTOS = 3;
/** What the contact form tells a sender of when to expect an answer. */
export const USUAL_ANSWER_TIME = 'We usually answer within two working days, by e-mail.';

/**
 * The contact form's rules, in the server's words (the messages service checks the same). The
 * SPEC's fields keep their names: `address` is where the shop answers, an e-mail address.
 */
export const contactMessageInput = (currency: string) =>
  z.object({
    name: z.string().trim().min(1, 'Name is Required').max(120, 'Name must be at most 120 characters'),
    address: z
      .string()
      .trim()
      .min(1, 'Email is Required')
      .refine((value) => isEmailAddress(value), 'A valid e-mail address is required'),
    message: z
      .string()
      .trim()
      .min(1, 'Message is Required')
      .max(MESSAGE_MAX_LENGTH, `Message must be at most ${MESSAGE_MAX_LENGTH} characters`),
    budget: z
      .string()
      .trim()
      .refine((value) => value === '' || (parseMajorAmount(value, currency) ?? 0) > 0, unreadableAmount(currency)),
  });
