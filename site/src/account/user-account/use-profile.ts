import type { UserProfile } from '@shared/api/account';
import { useCallback, useEffect, useState } from 'react';
import { authRequest, setProfile } from '../../session/session-store';

type ProfileState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; profile: UserProfile };

/** The person's profile, read fresh from the API (and shared with the shell's welcome strip). */
export function useProfile(userId: number) {
  const [state, setState] = useState<ProfileState>({ status: 'loading' });
  const load = useCallback(async () => {
    try {
      const profile = await authRequest<UserProfile>(`/users/user/${userId}/`);
      setProfile(profile);
      setState({ status: 'ready', profile });
    } catch {
      setState({ status: 'error' });
    }
  }, [userId]);
  useEffect(() => {
    void load();
  }, [load]);
  const replace = useCallback((profile: UserProfile) => {
    setProfile(profile);
    setState({ status: 'ready', profile });
  }, []);
  return { state, reload: load, replace };
}
