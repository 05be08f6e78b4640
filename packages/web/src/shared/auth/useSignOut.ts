import { useNavigate } from 'react-router';
import { useSession } from './session.js';

/** Signs out and goes to the sign-in page (the user menu, the "no project" page). */
export function useSignOut(): () => Promise<void> {
  const { signOut } = useSession();
  const navigate = useNavigate();
  return async () => {
    await signOut();
    await navigate('/login', { replace: true });
  };
}
