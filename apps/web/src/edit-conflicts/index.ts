/**
 * Two people editing one field (issue 23): the version an edit starts from, and the notices that tell who changed
 * it. docs/decisions.md, "Conflicting edits, several tabs and refused writes (issue 23)".
 */
import { useContext } from 'react';
import { SessionContext } from '../providers/session';

export { useEditVersion, type Conflict, type VersionStamp } from './useEditVersion';
export { ConflictNotice } from './ConflictNotice';
export { CONFLICT_TEXT, whenText } from './texts';

/** The signed-in user's name as the server writes it in `updatedBy` (null outside a session: tests). */
export const useMyName = (): string | null => useContext(SessionContext)?.session.user.name ?? null;
export { rememberSaved, savedVersion, forgetSaved } from './savedVersions';
