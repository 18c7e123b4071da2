import type { FormRule } from 'antd';
import { serverText } from './server-text';

/** The part of a zod schema the rule needs (keeps the web package free of a direct zod import). */
interface FieldSchema {
  safeParse(value: unknown):
    | { success: true }
    | {
        success: false;
        error: { issues: { message: string; maximum?: unknown; minimum?: unknown }[] };
      };
}

/**
 * An antd form rule that checks a field with the same zod schema the server uses, so that both
 * refuse the same input with the same text (the schemas' messages are `validation.*` keys).
 */
export function zodRule(schema: FieldSchema): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value);
      if (result.success) {
        return;
      }
      const issue = result.error.issues[0];
      if (!issue) {
        return;
      }
      throw new Error(
        serverText(issue.message, { max: String(issue.maximum), min: String(issue.minimum) }),
      );
    },
  };
}
