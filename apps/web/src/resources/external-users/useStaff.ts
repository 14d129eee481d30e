import { useSession } from '../../providers/session';

/** Staff manage every company; a distributor admin only their own (the server enforces it too). */
export const useStaff = () => useSession().actor.kind === 'staff';
