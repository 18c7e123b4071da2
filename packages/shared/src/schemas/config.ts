import { z } from 'zod';

/** The global configuration of spec §3 "Session": read by every client before login. */
export const configDtoSchema = z.object({
  siteTitle: z
    .string()
    .describe("Page title of the web app; empty: the platform's name in the reader's language"),
  loginDesc: z.string().describe('Text under the title on the login page'),
  forget: z.boolean().describe('Whether the forgot-password page is offered'),
  pwdRules: z.string().describe('Password pattern (a regular expression); empty for none'),
  caseVariant: z
    .union([z.literal(1), z.literal(2)])
    .describe('Case model of new cases: 1 human, 2 veterinary (case forms need it)'),
  defaultPassword: z
    .string()
    .optional()
    .describe('Administrators only: the six-digit password a reset gives (spec §5)'),
  hospitalsPerGroup: z
    .number()
    .int()
    .optional()
    .describe('Administrators only: cap on institutions per hospital group'),
});
export type ConfigDto = z.infer<typeof configDtoSchema>;

/** POST configinfo/update: any subset of the settings. */
export const configUpdateSchema = z
  .object({
    // Empty restores the platform's own name, shown in each reader's language.
    siteTitle: z.string().trim().max(64),
    loginDesc: z.string().max(500),
    forget: z.boolean(),
    pwdRules: z
      .string()
      .max(200)
      .refine(
        (p) => {
          try {
            new RegExp(p);
            return true;
          } catch {
            return false;
          }
        },
        // The same pattern is compiled by the server and the browsers (no flags): one that does
        // not compile would be silently ignored by both, so it is refused when saved.
        { error: 'validation.regex' },
      ),
  })
  .extend({
    defaultPassword: z.string().regex(/^\d{6}$/, { error: 'validation.invalid' }),
    hospitalsPerGroup: z.number().int().min(2, { error: 'validation.invalid' }).max(10_000),
    caseVariant: z.union([z.literal(1), z.literal(2)], { error: 'validation.invalid' }),
  })
  .partial();
export type ConfigUpdate = z.infer<typeof configUpdateSchema>;
