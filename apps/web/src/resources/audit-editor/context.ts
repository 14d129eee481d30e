import { createContext, useContext } from 'react';

export interface AuditEditing {
  auditId: string;
  /** 000 §4: a finished audit is uneditable until reopened. */
  readOnly: boolean;
  /** Reads the audit again (after a write that changes its shape: runs, suggestions). */
  reload(): Promise<unknown>;
}

export const AuditEditingContext = createContext<AuditEditing>({ auditId: '', readOnly: true, reload: async () => undefined });
export const useAuditEditing = () => useContext(AuditEditingContext);
