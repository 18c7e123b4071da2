import { useQueryClient } from '@tanstack/react-query';
import { useUserInfo } from '@/features/auth/api/get-user-info';
import { ownUserInfoKey } from '@/lib/query-keys';
import { useSession } from '@/lib/use-session';

/**
 * Whether the session user has a signature image: true or false once their account is read,
 * undefined until then (or when it cannot be read: the server still refuses signing without one).
 * Saving or removing it in the signature dialog updates the cached account at once.
 */
export function useHasSignature(): boolean | undefined {
  const info = useUserInfo();
  return info.data ? Boolean(info.data.arraySignatureUrl) : undefined;
}

/** Reads the own account again: the server said there is no signature (removed elsewhere). */
export function useRecheckSignature(): () => void {
  const client = useQueryClient();
  const { iUserId } = useSession();
  return () => void client.invalidateQueries({ queryKey: ownUserInfoKey(iUserId) });
}
