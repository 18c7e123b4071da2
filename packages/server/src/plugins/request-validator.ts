import { z } from 'zod';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { nulPaths } from '../lib/nul-character';

/** Refuses a request part holding U+0000 before its own schema reads it, field by field. */
const refuseNul = (input: unknown, ctx: z.RefinementCtx) => {
  for (const path of nulPaths(input)) {
    ctx.addIssue({ code: 'custom', path, message: 'validation.nulCharacter', input: undefined });
  }
  return input;
};

/**
 * The zod validator of every route's body, query string and parameters, behind one rule no
 * schema need repeat: no value holds a NUL character. Its refusal is the usual 400 with a field
 * error in the caller's language.
 */
export const validatorCompiler: typeof zodValidatorCompiler = (route) =>
  route.schema instanceof z.ZodType
    ? zodValidatorCompiler({ ...route, schema: z.preprocess(refuseNul, route.schema) })
    : zodValidatorCompiler(route);
