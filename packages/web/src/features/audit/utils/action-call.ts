/**
 * What the action filter sends: the call whose readable name was typed in full (any letter
 * case, spaces around it ignored), else what was typed, a call or its beginning. The server
 * filters by call; a name sent as it is found nothing.
 */
export function actionCallOf(
  typed: string | undefined,
  named: Readonly<Record<string, string>>,
): string | undefined {
  const wanted = typed?.trim().toLowerCase();
  if (!wanted) {
    return typed;
  }
  const found = Object.entries(named).find(([, name]) => name.toLowerCase() === wanted);
  return found ? found[0] : typed;
}
