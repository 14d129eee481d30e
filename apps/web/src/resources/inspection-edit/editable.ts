import { createContext, useContext } from 'react';

/**
 * Whether the server would accept a save of the form being shown (issue 20: every action the server allows has a
 * button, and none that it refuses). False for a report the user may only read: the form shows its values, and no
 * add, remove, sign or upload button.
 */
export const EditableContext = createContext(true);

export const useEditable = () => useContext(EditableContext);
