import { z } from './zod.ts';
import { multiLine, singleLine } from './text.ts';

export const CONTACT_REASONS = ['schedule', 'question', 'complaint', 'other'] as const;

/** The labels the contact form shows for each reason. */
export const CONTACT_REASON_LABELS: Record<(typeof CONTACT_REASONS)[number], string> = {
  schedule: 'Schedule a session',
  question: 'General question',
  complaint: 'Complaint',
  other: 'Other',
};

/** POST /api/contact-requests, and the contact form. */
export const contactRequestSchema = z.object({
  name: singleLine().min(2, 'Name must be at least 2 characters').max(100, 'Name must be at most 100 characters'),
  email: z.email('Please enter a valid email address').max(254, 'Please enter a valid email address'),
  phone: singleLine().min(10, 'Please enter a valid phone number').max(30, 'Please enter a valid phone number'),
  coachName: singleLine({ error: 'Coach name is required' })
    .min(2, 'Coach name is required')
    .max(100, 'Coach name must be at most 100 characters'),
  message: multiLine().min(10, 'Message must be at least 10 characters').max(5000, 'Message must be at most 5000 characters'),
  contactReason: z.enum(CONTACT_REASONS, { error: 'Please select a reason for contact' }).default('schedule'),
  /** The public id of the guide picked from the Coach Name suggestions; absent when the name was typed. */
  coachId: z
    .number({ error: 'Pick a coach from the suggestions, or type their name' })
    .int('Pick a coach from the suggestions, or type their name')
    .min(1, 'Pick a coach from the suggestions, or type their name')
    .max(2_147_483_647, 'Pick a coach from the suggestions, or type their name')
    .optional(),
});
export type ContactRequest = z.output<typeof contactRequestSchema>;
