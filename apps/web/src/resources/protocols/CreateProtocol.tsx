import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { saveProtocol } from './api';
import { emptyForm, toPayload } from './form';
import { ProtocolEditor } from './ProtocolEditor';
import { PR } from './texts';

/**
 * The create tab (001 §2, §4, §5): a 201 says 'New Protocol saved!' and starts the form again (unsaved while it
 * differs from an empty form); anything else keeps 'ERROR WITH SAVE' with its status and message until cleared.
 */
export function CreateProtocol() {
  const [initial] = useState(emptyForm);
  const qc = useQueryClient();
  return (
    <ProtocolEditor
      initial={initial}
      label="New protocol"
      saveLabel="Save protocol"
      savedText={PR.saved}
      resetAfterSave
      save={async (form, name) => {
        const answer = await saveProtocol(toPayload(form, name));
        if (answer.status !== 201) return { done: false, failure: answer };
        return { done: true, after: () => void qc.invalidateQueries({ queryKey: ['protocols.list'] }) };
      }}
    />
  );
}
